// First load on a slow link (issue 22): Debian's Chromium opens the built client served by the product over a link
// emulated by the DevTools protocol (4 Mbps down, 1 Mbps up, 60 ms per request), cache disabled, a fresh browser
// context per visit (a first visit). Two pages: /login until its e-mail input is visible and enabled, and /chat of a
// signed-in user until its first conversation row is rendered.
//
// Time is read inside the page: a MutationObserver installed before any script of the page notes performance.now()
// (0 = the navigation's start, so the HTML's own request is included) at the first moment the element is there,
// laid out and enabled, together with the bytes of every response finished by then (Resource Timing transferSize:
// headers + encoded body). No polling from Node adds its own delay.
//
// The ceiling, measured in the same run over the same emulated link: a bare node:http server whose page fetches
// the same responses' bytes (each response's encoded body size, random bytes so nothing compresses), all at once,
// and does nothing else. It is what the link needs to carry exactly these bytes; the ratio is what the page loses
// beyond that (requests waiting on others, scripts parsed and run, API answers awaited). The absolute targets of
// the issue (≤ 1.5 s and ≤ 2.5 s) are printed beside it: the ratio does not reward sending fewer bytes, the time
// does. Rounds: BENCH_FIRST_LOAD_ROUNDS (5) after one warm-up round, product and ceiling alternating.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';

const LINK = { downMbps: 4, upMbps: 1, latencyMs: 60 };
const DEMO = { email: 'admin@demo.local', password: 'Demo12345' };

const PAGES = [
  { label: '/login usable', path: '/login', selector: 'form input[type="email"]', limitMs: 1500 },
  {
    label: '/chat first conversations',
    path: '/chat',
    selector: '[data-testid="conversation-row"]',
    limitMs: 2500,
    signedIn: true,
  },
];

function envInt(name, fallback) {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kB = (bytes) => `${(bytes / 1000).toFixed(0)} kB`;

/** Runs in the page before its own scripts: notes when `selector` is usable and the bytes received by then. */
function installProbe(selector) {
  const probe = { usable: null, bytes: 0, requests: 0, bodies: [] };
  window.__firstLoad = probe;
  const usable = () => {
    const element = document.querySelector(selector);
    if (!element || element.disabled) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden')
      return false;
    probe.usable = performance.now();
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ];
    probe.bytes = entries.reduce((sum, e) => sum + e.transferSize, 0);
    probe.requests = entries.length;
    probe.bodies = entries.map((e) => e.encodedBodySize);
    probe.scripts = entries
      .filter((e) => e.initiatorType === 'script' || /\.js$/.test(new URL(e.name).pathname))
      .reduce((sum, e) => sum + e.transferSize, 0);
    return true;
  };
  new MutationObserver((_records, observer) => {
    if (usable()) observer.disconnect();
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

/** One first visit of `url` over the emulated link; returns the probe's figures. */
async function visit(browser, url, selector, token, emulate = true) {
  const context = await browser.newContext({ locale: 'es-MX', viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    if (token) await page.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.addInitScript(installProbe, selector);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (emulate)
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: LINK.latencyMs,
        downloadThroughput: (LINK.downMbps * 1_000_000) / 8,
        uploadThroughput: (LINK.upMbps * 1_000_000) / 8,
      });
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction(() => window.__firstLoad?.usable !== null, null, { timeout: 60_000 });
    const probe = await page.evaluate(() => window.__firstLoad);
    // Everything the page fetched once it settles (lazy chunks, fonts, the socket's first exchanges).
    await page.waitForTimeout(1500);
    const settled = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce(
        (sum, e) => sum + e.transferSize,
        0,
      ),
    );
    return { ...probe, settled };
  } finally {
    await context.close();
  }
}

/** The ceiling's server: `/` is a page that fetches `/b/<n>` for every size given, in parallel, and stops. */
async function startCeiling() {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/b') {
      const size = Number(url.searchParams.get('n'));
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': size,
        'cache-control': 'no-store',
      });
      res.end(randomBytes(size));
      return;
    }
    const [documentSize, ...sizes] = (url.searchParams.get('sizes') ?? '0').split(',').map(Number);
    const script = `<script>Promise.all(${JSON.stringify(sizes)}.map((n, i) => fetch('/b?n=' + n + '&i=' + i).then((r) => r.arrayBuffer()))).then(() => document.body.append(Object.assign(document.createElement('input'), { type: 'email', className: 'ready' })));</script>`;
    const head = `<!doctype html><html><head>${script}</head><body><form></form><!--`;
    const tail = '--></body></html>';
    // The document weighs what the product's did (padding in a comment).
    const padding = 'x'.repeat(Math.max(0, documentSize - head.length - tail.length));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(head + padding + tail);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${server.address().port}` };
}

export async function firstLoad({ product }) {
  const rounds = envInt('BENCH_FIRST_LOAD_ROUNDS', 5);
  const login = await fetch(`${product.baseUrl}/api/loginDash`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const { token } = await login.json();
  if (!token) throw new Error('bench login failed');

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    // The browser tests' flags (apps/web/e2e/helpers/browser.ts): nothing of Chromium's own on the link.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  const ceiling = await startCeiling();
  const cases = [];
  const notes = [
    `link: ${LINK.downMbps} Mbps down, ${LINK.upMbps} Mbps up, ${LINK.latencyMs} ms per request (DevTools emulation), cache disabled, a new browser context per visit`,
  ];
  let failed = 0;
  try {
    for (const page of PAGES) {
      const productRounds = [];
      const ceilingRounds = [];
      for (let round = 0; round <= rounds; round++) {
        let measured;
        try {
          measured = await visit(
            browser,
            `${product.baseUrl}${page.path}`,
            page.selector,
            page.signedIn && token,
          );
        } catch (error) {
          failed += 1;
          console.error(`${page.label}: ${error.message}`);
          continue;
        }
        const sizes = measured.bodies.join(',');
        const floor = await visit(browser, `${ceiling.baseUrl}/?sizes=${sizes}`, 'input.ready');
        // Round 0 warms the server, the disk cache and Chromium up; it is not kept.
        if (round === 0) continue;
        productRounds.push(measured);
        ceilingRounds.push(floor);
      }
      if (productRounds.length === 0) continue;
      // The same visit on loopback with no emulated link: what the page costs the machine's CPU alone, so a busy
      // machine can be told from a slow page.
      const unthrottled = [];
      for (let round = 0; round < 3; round++) {
        const url = `${product.baseUrl}${page.path}`;
        unthrottled.push((await visit(browser, url, page.selector, page.signedIn && token, false)).usable);
      }
      const productMs = median(productRounds.map((r) => r.usable));
      const ceilingMs = median(ceilingRounds.map((r) => r.usable));
      cases.push({
        label: page.label,
        rounds: productRounds.length,
        product: productMs,
        ceiling: ceilingMs,
        ratio: productMs / ceilingMs,
        limit: page.limitMs,
      });
      notes.push(
        `${page.path}: ${kB(median(productRounds.map((r) => r.bytes)))} in ${median(productRounds.map((r) => r.requests))} responses ` +
          `before usable (scripts ${kB(median(productRounds.map((r) => r.scripts)))}), ` +
          `${kB(median(productRounds.map((r) => r.settled)))} once settled (+1.5 s); ` +
          `each round ${productRounds.map((r) => r.usable.toFixed(0)).join(' / ')} ms; ` +
          `without the emulated link ${median(unthrottled).toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
    ceiling.server.close();
  }
  return { name: 'first-load in Chromium, empty cache', unit: 'ms', cases, notes, failed };
}
