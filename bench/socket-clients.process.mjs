// The sockets' side of bench/sockets.bench.mjs, in a process of its own so that decoding half a million events
// does not share an event loop with the servers that send them. Told by IPC whom to connect to; records, for
// every socket, when each event arrived (the machine's clock: performance.timeOrigin + performance.now()).
import { io } from 'socket.io-client';

const now = () => performance.timeOrigin + performance.now();
let sockets = [];
let received = [];
const errors = new Map();

async function connect({ urls, tokens, count, event }) {
  received = Array.from({ length: count }, () => []);
  sockets = Array.from({ length: count }, (_, index) => {
    const socket = io(urls[index % urls.length], {
      path: '/socket.io',
      // WebSocket only: what the compose file's proxy is set up for (docs/benchmarks.md); no sticky sessions.
      transports: ['websocket'],
      auth: { token: tokens[index % tokens.length] },
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect_error', (error) => {
      errors.set(error.message, (errors.get(error.message) ?? 0) + 1);
    });
    socket.on(event, (payload) => {
      received[index].push([payload.seq, now() - payload.sentAt]);
    });
    return socket;
  });
  // Bounded: every socket connected, or the ones that did not are reported.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && sockets.some((s) => !s.connected))
    await new Promise((r) => setTimeout(r, 50));
  return sockets.filter((s) => s.connected).length;
}

process.on('message', async (message) => {
  if (message.k === 'connect') {
    const connected = await connect(message);
    process.send({ k: 'connected', connected, errors: [...errors].map(([m, n]) => `${n}× ${m}`) });
    errors.clear();
  } else if (message.k === 'collect') {
    process.send({ k: 'collected', received });
    received = received.map(() => []);
  } else if (message.k === 'close') {
    for (const socket of sockets) socket.close();
    sockets = [];
    process.send({ k: 'closed' });
  }
});
process.send({ k: 'ready' });
