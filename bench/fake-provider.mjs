// The fake WhatsApp Cloud API the sending benchmarks (campaign dispatch, soak) point the product at: starts
// fake-graph.process.mjs, waits until it listens on 127.0.0.1, and reads what it received over IPC.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const processFile = fileURLToPath(new URL('./fake-graph.process.mjs', import.meta.url));

/**
 * The fake Graph API in its own process; the wamids it answers with are `wamid.<idPrefix><n>`. Its `url` is the
 * Graph API's root (the product's WHATSAPP_GRAPH_URL is `${url}/v23.0`); `reset()` forgets what it received,
 * `report()` reads it, `close()` stops the process.
 */
export async function startFakeGraph(idPrefix) {
  const child = fork(processFile, [idPrefix], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // One answer awaited at a time per type ('ready', 'reset', 'report'); all fail if the process dies.
  const waiting = new Map();
  let exitCode = null;
  child.on('message', (message) => {
    const waiter = waiting.get(message?.type);
    if (!waiter) return;
    waiting.delete(message.type);
    waiter.resolve(message);
  });
  const exited = new Promise((done) =>
    child.once('exit', (code) => {
      exitCode = code;
      for (const waiter of waiting.values()) waiter.reject(new Error(`fake Graph API exited (${code})`));
      waiting.clear();
      done();
    }),
  );
  const answer = (type, request) =>
    new Promise((resolve, reject) => {
      if (exitCode !== null) {
        reject(new Error(`fake Graph API exited (${exitCode})`));
        return;
      }
      waiting.set(type, { resolve, reject });
      if (request) child.send(type);
    });
  const { port } = await answer('ready', false);
  return {
    url: `http://127.0.0.1:${port}`,
    async reset() {
      await answer('reset', true);
    },
    /**
     * What reached it since the start or the last reset: `arrivals`, the time of every POST (ms, the child's
     * clock); `byRecipient`, requests to /messages per `to`; `byMessage`, the same per message (its text, or its
     * template's name), each summed over recipients.
     */
    async report() {
      const { arrivals, received } = await answer('report', true);
      const byRecipient = new Map();
      const byMessage = new Map();
      for (const [key, n] of received) {
        const cut = key.indexOf('|');
        const to = key.slice(0, cut);
        const message = key.slice(cut + 1);
        byRecipient.set(to, (byRecipient.get(to) ?? 0) + n);
        byMessage.set(message, (byMessage.get(message) ?? 0) + n);
      }
      return { arrivals, byRecipient, byMessage };
    },
    async close() {
      if (exitCode === null && child.connected) child.send('close');
      await exited;
    },
  };
}
