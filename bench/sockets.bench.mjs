// Real-time fan-out at scale (issue 22): 1,000 sockets of one company spread over two API instances on one
// PostgreSQL (half connected to each), and a burst of 500 events for the whole company, emitted in turn by either
// instance (each instance delivers to its own sockets and publishes to the other through its NOTIFY bus). Every
// socket must receive every event once; delivery latency is the socket's arrival time minus the emit time.
// The ceiling, in the same run: a bare socket.io server (no authentication, no bus, one instance) broadcasting the
// same burst to as many sockets. The sockets live in a child process (socket-clients.process.mjs).
// Sizes: BENCH_SOCKETS (1000), BENCH_SOCKET_EVENTS (500), BENCH_SOCKET_INTERVAL_MS (between two emits, 2).
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import pg from 'pg';
import { Server } from 'socket.io';
import { percentile, postJson, startProduct } from './lib.mjs';

const require = createRequire(import.meta.url);
const { RealtimeService } = require('@crm/api/dist/realtime/realtime.service.js');

function envInt(name, fallback) {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// About the size of a real newMessage event (a conversation row and a message).
const FILLER = 'x'.repeat(700);

/** The child holding the sockets, driven by request/answer messages. */
function clients() {
  const child = fork(new URL('./socket-clients.process.mjs', import.meta.url), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters = new Map();
  child.on('message', (m) => {
    const waiter = waiters.get(m.k);
    if (waiter) {
      waiters.delete(m.k);
      waiter(m);
    }
  });
  const expect = (k) => new Promise((resolve) => waiters.set(k, resolve));
  const ready = expect('ready');
  return {
    ready,
    async connect(options) {
      const answer = expect('connected');
      child.send({ k: 'connect', ...options });
      const { connected, errors } = await answer;
      if (errors.length > 0) console.log(`  connection errors: ${errors.join(', ')}`);
      return connected;
    },
    async collect() {
      const answer = expect('collected');
      child.send({ k: 'collect' });
      return (await answer).received;
    },
    async close() {
      const answer = expect('closed');
      child.send({ k: 'close' });
      await answer;
    },
    kill: () => child.kill(),
  };
}

/** Latencies of every delivery, and the sockets' missing and duplicated events. */
function tally(received, events) {
  const latencies = [];
  let lost = 0;
  let duplicated = 0;
  for (const list of received) {
    const seen = new Set();
    for (const [seq, latency] of list) {
      if (seen.has(seq)) duplicated += 1;
      seen.add(seq);
      latencies.push(latency);
    }
    lost += events - seen.size;
  }
  return { latencies, lost, duplicated, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

async function burst(events, interval, emit) {
  for (let seq = 0; seq < events; seq++) {
    emit(seq, { seq, sentAt: now(), message: { id: seq, content: FILLER } });
    if (interval > 0) await sleep(interval);
  }
}

async function settle(collectors, events, count) {
  // Bounded wait for the last deliveries: until every socket has every event, or 30 s.
  const deadline = Date.now() + 30_000;
  let received = [];
  for (;;) {
    await sleep(500);
    const part = await collectors.collect();
    received = received.length === 0 ? part : received.map((list, i) => list.concat(part[i]));
    const complete = received.length === count && received.every((list) => list.length >= events);
    if (complete || Date.now() > deadline) return received;
  }
}

export async function sockets({ product, databaseUrl }) {
  const count = envInt('BENCH_SOCKETS', 1000);
  const events = envInt('BENCH_SOCKET_EVENTS', 500);
  const interval = Number(process.env.BENCH_SOCKET_INTERVAL_MS ?? 2);
  const notes = [];
  // The same signing key, as replicas behind one proxy have.
  const second = await startProduct(databaseUrl, {
    JOBS_ENABLED: 'false',
    JWT_SECRET: product.config.jwtSecret,
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const collectors = clients();
  const bareHttp = createServer();
  const bare = new Server(bareHttp, { transports: ['websocket'] });
  try {
    await collectors.ready;
    const {
      rows: [admin],
    } = await pool.query(`SELECT "companyId" FROM users WHERE email = 'admin@demo.local'`);
    // Ten signed-in sessions (tabs) share the sockets.
    const tokens = [];
    for (let i = 0; i < 10; i++) {
      const res = await postJson(`${product.baseUrl}/api/loginDash`, {
        email: 'admin@demo.local',
        password: 'Demo12345',
      });
      if (!res.json?.token) throw new Error('bench login failed');
      tokens.push(res.json.token);
    }
    const instances = [product, second].map((p) => p.app.get(RealtimeService));

    // ---- the product: half the sockets on each instance, events emitted by either in turn -------------------
    let t = performance.now();
    const connected = await collectors.connect({
      urls: [product.baseUrl, second.baseUrl],
      tokens,
      count,
      event: 'newMessage',
    });
    notes.push(
      `product: ${connected} of ${count} sockets connected in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    await sleep(2000); // the instances' presence announcements (each publishes only once it knows a peer)
    t = performance.now();
    await burst(events, interval, (seq, payload) =>
      instances[seq % 2].toCompany(admin.companyId, 'newMessage', payload),
    );
    const emitSeconds = (performance.now() - t) / 1000;
    const productTally = tally(await settle(collectors, events, count), events);
    await collectors.close();

    // ---- the ceiling: one bare socket.io server, the same burst to as many sockets ---------------------------
    await new Promise((resolve) => bareHttp.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${bareHttp.address().port}`;
    const bareConnected = await collectors.connect({
      urls: [bareUrl],
      tokens: ['-'],
      count,
      event: 'newMessage',
    });
    notes.push(`ceiling: ${bareConnected} of ${count} sockets connected`);
    await sleep(500);
    await burst(events, interval, (_seq, payload) => bare.emit('newMessage', payload));
    const ceilingTally = tally(await settle(collectors, events, count), events);
    await collectors.close();

    notes.push(
      `${events} events in ${emitSeconds.toFixed(1)} s (${interval} ms apart) to ${count} sockets: ` +
        `${productTally.latencies.length} deliveries (product), ${ceilingTally.latencies.length} (ceiling)`,
    );
    notes.push(
      `product p50 ${productTally.p50.toFixed(1)} ms, p99 ${productTally.p99.toFixed(1)} ms (target < 500 ms), ` +
        `lost ${productTally.lost}, duplicated ${productTally.duplicated}; ceiling p50 ${ceilingTally.p50.toFixed(1)} ms, ` +
        `p99 ${ceilingTally.p99.toFixed(1)} ms, lost ${ceilingTally.lost}, duplicated ${ceilingTally.duplicated}`,
    );
    const failed =
      (connected < count ? 1 : 0) +
      productTally.lost +
      productTally.duplicated +
      (productTally.p99 >= 500 ? 1 : 0);
    return {
      name: 'sockets',
      target: 3,
      cases: [
        {
          label: `p99 delivery, ${count} sockets over two instances, a burst of ${events} company events`,
          rounds: 1,
          product: productTally.p99,
          ceiling: ceilingTally.p99,
          ratio: productTally.p99 / ceilingTally.p99,
        },
      ],
      notes,
      failed,
    };
  } finally {
    collectors.kill();
    bare.close();
    await pool.end();
    await second.app.close();
  }
}
