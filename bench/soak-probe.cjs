// Preloaded into the soaked API process (node --require): its memory every SOAK_SAMPLE_MS, sent to the benchmark
// over the IPC channel it was started with. Nothing else: the product's code is untouched.
const every = Number(process.env.SOAK_SAMPLE_MS || 2000);
if (typeof process.send === 'function') {
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    process.send({ type: 'memory', at: Date.now(), rss: m.rss, heapUsed: m.heapUsed, external: m.external });
  }, every);
  timer.unref();
  // The IPC channel must not keep a stopping process alive.
  process.channel?.unref();
}
