// The fake Graph API of the campaign benchmark, in its own process as a real provider is: sharing the product's
// event loop, its own work (parsing 1,000 requests a second) would slow the sender and move the arrival times it
// records by the sender's pauses. Answers every send at once with a fresh wamid, and the number's fields; records
// arrivals. Speaks to the benchmark over IPC: 'reset', 'report' (answers with arrivals and recipients).
import { createServer } from 'node:http';

const arrivals = [];
const recipients = new Map();
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
      const to = JSON.parse(Buffer.concat(chunks).toString('utf8')).to;
      recipients.set(to, (recipients.get(to) ?? 0) + 1);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.BENCH${count}` }] }));
  });
});

process.on('message', (message) => {
  if (message === 'reset') {
    arrivals.length = 0;
    recipients.clear();
    process.send?.({ type: 'reset' });
  } else if (message === 'report') {
    process.send?.({ type: 'report', arrivals, recipients: [...recipients.entries()] });
  } else if (message === 'close') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});

server.listen(0, '127.0.0.1', () => process.send?.({ type: 'ready', port: server.address().port }));
