import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from './api';

const screenshotDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
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
}

export async function openPage(
  browser: Browser,
  baseUrl: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'es-MX',
    viewport: { width: 1440, height: 900 },
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  // The API's CSP must fit the built client: anything it blocks is a bug of one or the other.
  const violations: string[] = [];
  cspViolations.set(page, violations);
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
      console.error(`CSP violation at ${page.url()}: ${message.text()}`);
    }
  });
  return { context, page };
}

const cspViolations = new WeakMap<Page, string[]>();

/**
 * Resolves once the page's socket.io connection is accepted (the server's CONNECT packet, '40…', arrives after the
 * gateway has joined the socket to its rooms). Call it before the navigation that opens the socket: an event
 * emitted before that moment is not delivered to the page, so a test that changes something "live" waits first.
 */
export function realtimeConnected(page: Page, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the page opened no socket.io connection')), timeoutMs);
    const accepted = (packets: string) => {
      // Engine.io separates packets with U+001E; '4' is a message, '0' socket.io's CONNECT (its ack from the server).
      if (packets.split('\u001e').some((packet) => packet.startsWith('40'))) {
        clearTimeout(timer);
        resolve();
      }
    };
    // socket.io starts on HTTP long-polling and upgrades to a WebSocket: the ack may come either way.
    page.on('response', (response) => {
      if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return;
      response.text().then(accepted, () => undefined);
    });
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string') accepted(payload);
      });
    });
  });
}

/** What the page's Content-Security-Policy refused so far (console reports of the browser). */
export function cspViolationsOf(page: Page): string[] {
  return cspViolations.get(page) ?? [];
}

/** Fills the login form; does not wait for where it leads. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

export async function loginAndWaitForShell(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await submitLogin(page, email, password);
  await page.waitForURL('**/chat');
  await page.getByTestId('top-bar').waitFor();
}

export async function navLabels(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link');
  return (await links.allInnerTexts()).map((text) => text.trim());
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const path = resolve(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Runs `use` with a fresh page; when it throws, keeps a picture of the page and adds its URL to the error.
 */
export async function withPage(
  browser: Browser,
  baseUrl: string,
  name: string,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const { context, page } = await openPage(browser, baseUrl);
  try {
    await use(page);
    const refused = cspViolationsOf(page);
    if (refused.length > 0)
      throw new Error(`the page broke its Content-Security-Policy:\n${refused.join('\n')}`);
  } catch (error) {
    const path = await screenshot(page, `failure-${name}`).catch(() => 'none');
    if (error instanceof Error) error.message += `\n  at page ${page.url()} (screenshot: ${path})`;
    throw error;
  } finally {
    await context.close();
  }
}

/**
 * Waits until an antd dialog is shown and its opening animation is over: on a loaded machine a click during the
 * zoom can land beside the moving button (the dialog then stays open with nothing saved).
 */
export async function waitForDialogOpen(dialog: Locator, timeoutMs = 10_000): Promise<void> {
  await dialog.waitFor();
  const deadline = Date.now() + timeoutMs;
  while (/zoom-(appear|enter)/.test((await dialog.getAttribute('class')) ?? '')) {
    if (Date.now() > deadline) throw new Error('the dialog kept animating');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
