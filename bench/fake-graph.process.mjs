// The fake Graph API of the benchmarks that send (campaign dispatch, soak), in its own process as a real provider
// is: sharing the product's event loop, or the load generator's, its own work (parsing 1,000 requests a second) would
// slow the sender and move the arrival times it records by the sender's pauses. Answers every send at once with a
// fresh wamid (`wamid.<argv[2]><n>`) and the number's fields; records every POST's arrival and how many times each
// message reached /messages. Started and read by fake-provider.mjs over IPC: 'reset', 'report', 'close'.
import { createServer } from 'node:http';

const idPrefix = process.argv[2] ?? 'BENCH';
const arrivals = [];
// `${to}|${text, template name or type}` → requests: one recipient's one message, to tell a duplicate from the next.
const received = new Map();
let count = 0;
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          whatsapp_business_manager_messaging_limit: 'TIER_UNLIMITED',
          quality_rating: 'GREEN',
          throughput: { level: 'HIGH' },
        }),
      );
      return;
    }
    arrivals.push(performance.now());
    count += 1;
    if (req.url?.includes('/messages')) {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const key = `${body.to}|${body.text?.body ?? body.template?.name ?? body.type}`;
      received.set(key, (received.get(key) ?? 0) + 1);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.${idPrefix}${count}` }] }),
    );
  });
});

process.on('message', (message) => {
  if (message === 'reset') {
    arrivals.length = 0;
    received.clear();
    process.send?.({ type: 'reset' });
  } else if (message === 'report') {
    process.send?.({ type: 'report', arrivals, received: [...received.entries()] });
  } else if (message === 'close') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
// A benchmark that died without closing it must not leave it listening.
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => process.send?.({ type: 'ready', port: server.address().port }));
