import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  canAccessRoute,
  DEFAULT_ROLE_PERMISSIONS,
  findRouteGuard,
  PUBLIC_ROUTES,
  ROUTE_GUARDS,
  toPermissionMap,
} from '@crm/shared';
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginToken, postJson } from './helpers/api';
import {
  launchBrowser,
  loginAndWaitForShell,
  openPage,
  screenshot,
  waitForDialogOpen,
} from './helpers/browser';

const baseUrl = inject('baseUrl');

// The Demo company's WhatsApp channel and the API's development app secret (apps/api/test/webhook-helpers.ts).
const DEMO_WA_PHONE_NUMBER_ID = '100000000000001';
const DEV_WHATSAPP_APP_SECRET = 'dev-whatsapp-app-secret';
// A documented Cloud API payload: https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples
const FIXTURE = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../api/src/providers/channels/whatsapp-cloud/__fixtures__/message-text.json',
);

/** Posts a signed WhatsApp webhook, as Meta does, with a text from a new customer. */
async function customerWrites(from: string, name: string, text: string): Promise<void> {
  const body = readFileSync(FIXTURE, 'utf8')
    .replaceAll('106540352242922', DEMO_WA_PHONE_NUMBER_ID)
    .replaceAll('16505551234', from)
    .replaceAll('Sheena Nelson', name)
    .replaceAll('Does it come in another color?', text)
    .replace(/"id": "wamid\.[^"]+"/, `"id": "wamid.E2EA11Y${Date.now()}"`)
    .replace(/"timestamp": "\d+"/, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
  const signature = `sha256=${createHmac('sha256', DEV_WHATSAPP_APP_SECRET).update(body).digest('hex')}`;
  const response = await fetch(`${baseUrl}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature },
    body,
  });
  if (response.status !== 200)
    throw new Error(`Webhook answered ${response.status}: ${await response.text()}`);
}

/** Issue 22: WCAG 2.1 A and AA, as axe-core tags them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Every route the web app's router mounts: the public and guarded tables of packages/shared (AppRoutes maps each
 * row to a page) and the two routes AppRoutes adds itself, a referral code and the catch-all. A row added to either
 * table is visited here, or the coverage test below names it.
 */
const REFERRAL_ROUTE = '/:refCode';
const CATCH_ALL_ROUTE = '*';
const ROUTER_PATTERNS: readonly string[] = [
  ...PUBLIC_ROUTES,
  ...ROUTE_GUARDS.map((guard) => guard.path),
  REFERRAL_ROUTE,
  CATCH_ALL_ROUTE,
];

type Visitor = 'guest' | 'admin' | 'agente' | 'superadmin';

interface DemoIds {
  adminChatId: number;
  agenteChatId: number;
  boardId: number;
  albumId: number;
  subAlbumId: number;
}

/** The addresses a parametrised route is visited at (a plain route is visited at its own path). */
const CONCRETE_PATHS: Record<string, (ids: DemoIds, as: Visitor) => string[]> = {
  '/chat/:chatId': (ids, as) => [`/chat/${as === 'agente' ? ids.agenteChatId : ids.adminChatId}`],
  '/boards/:id': (ids) => [`/boards/${ids.boardId}`],
  '/broadcast/:currentStep': () => ['/broadcast/type', '/broadcast/analytics'],
  '/multimedia/*': () => ['/multimedia'],
  '/album/*': (ids) => [`/album/${ids.albumId}`],
  '/subAlbum/*': (ids) => [`/subAlbum/${ids.subAlbumId}`],
  '/link-whatsapp/*': () => ['/link-whatsapp'],
  '/onboarding/step/:currentStep': () => ['/onboarding/step/name'],
  [REFERRAL_ROUTE]: () => ['/AMIGO2026'],
  [CATCH_ALL_ROUTE]: () => ['/config/no-existe'],
};

function isParametrised(pattern: string): boolean {
  return pattern.includes(':') || pattern.includes('*');
}

function pathsOf(pattern: string, ids: DemoIds, as: Visitor): string[] {
  const concrete = CONCRETE_PATHS[pattern];
  if (concrete) return concrete(ids, as);
  if (isParametrised(pattern)) throw new Error(`No address to visit ${pattern} at: add it to CONCRETE_PATHS`);
  return [pattern];
}

/** Admins hold every permission: they see every guarded route; signed-out visitors see the public ones. */
function firstVisitorOf(pattern: string): Visitor {
  if (pattern === CATCH_ALL_ROUTE) return 'admin';
  if (pattern === REFERRAL_ROUTE) return 'guest';
  return findRouteGuard(pattern) || ROUTE_GUARDS.some((guard) => guard.path === pattern) ? 'admin' : 'guest';
}

const AGENTE_PERMISSIONS = toPermissionMap(DEFAULT_ROLE_PERMISSIONS.agente);

/** Dialogs, drawers and pop-ups a route opens on top of itself (each its own state for axe). */
const OPEN_STATES: ReadonlyArray<{ path: string; name: string; open: (page: Page) => Promise<void> }> = [
  {
    path: '/chat',
    name: 'más filtros',
    open: (page) => page.getByTestId('conversation-more-filters').click(),
  },
  {
    path: '/contacts',
    name: 'importar contactos',
    open: async (page) => {
      await page.getByRole('button', { name: 'Importar' }).click();
      await waitForDialogOpen(page.getByRole('dialog'));
    },
  },
  {
    path: '/contacts',
    name: 'crear contacto',
    open: async (page) => {
      await page.getByRole('button', { name: 'Crear contacto' }).click();
      await waitForDialogOpen(page.getByRole('dialog'));
    },
  },
  {
    path: '/boards',
    name: 'nuevo tablero',
    open: async (page) => {
      await page.getByRole('button', { name: 'Nuevo tablero' }).click();
      await waitForDialogOpen(page.getByRole('dialog', { name: 'Nuevo tablero' }));
    },
  },
  {
    path: '/multimedia',
    name: 'crear álbum',
    open: async (page) => {
      await page.getByRole('button', { name: 'Crear álbum' }).click();
      await waitForDialogOpen(page.getByRole('dialog'));
    },
  },
];

interface Finding {
  visitor: Visitor;
  path: string;
  rule: string;
  impact: string;
  nodes: number;
  targets: string[];
  summary: string;
}

/** Requests a page has in flight, but socket.io's long-polls (held open by the server on purpose). */
const inFlight = new WeakMap<Page, Set<unknown>>();

function trackRequests(page: Page): void {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (!request.url().includes('/socket.io/')) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

const QUIET_MS = 200;
const SETTLE_TIMEOUT_MS = 6_000;

/**
 * Waits for the page to stop loading and moving: no request in flight for a moment, no spinner or skeleton, no
 * finite animation running (a dialog still zooming in has the contrast of half its opacity).
 */
async function settle(page: Page): Promise<void> {
  const open = inFlight.get(page);
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (open && open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) {
      const still = await page.evaluate(() => {
        const busy = document.querySelector('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]');
        const moving = document
          .getAnimations()
          .some(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
          );
        return !busy && !moving;
      });
      if (still) return;
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

/**
 * Opens `path` the way a link of the app does (the router follows the history; no reload), so one signed-in page
 * visits every route without loading the client again each time.
 */
async function navigate(page: Page, path: string): Promise<void> {
  if (!page.url().startsWith(baseUrl)) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Runs axe-core's WCAG 2.1 A/AA rules on the page as it is, injected the way its documentation shows. */
async function audit(page: Page): Promise<axe.AxeResults> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
}

function findingsOf(results: axe.AxeResults, visitor: Visitor, path: string): Finding[] {
  return results.violations.map((violation) => ({
    visitor,
    path,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    nodes: violation.nodes.length,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ') ?? violation.help,
  }));
}

function describeFindings(findings: readonly Finding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.visitor} ${finding.path}: ${finding.rule} (${finding.impact}) × ${finding.nodes}: ${finding.targets.join(' | ')} — ${finding.summary}`,
    )
    .join('\n');
}

async function demoIds(): Promise<DemoIds> {
  const admin = await loginToken(baseUrl, 'admin@demo.local');
  const agente = await loginToken(baseUrl, 'agente@demo.local');
  const firstChat = async (token: string) => {
    const { body } = await postJson<{ clients?: Array<{ id: number }> }>(
      `${baseUrl}/api/conversations_by_filter`,
      { filterType: 'all' },
      token,
    );
    const id = body.clients?.[0]?.id;
    if (!id) throw new Error('The demo company has no conversation');
    return id;
  };
  const stamp = String(Date.now()).slice(-6);
  const album = await postJson<{ id: number }>(
    `${baseUrl}/api/createAlbum`,
    { name: `Accesible ${stamp}` },
    admin,
  );
  const subAlbum = await postJson<{ id: number }>(
    `${baseUrl}/api/createAlbum`,
    { name: `Sub accesible ${stamp}`, parentId: album.body.id },
    admin,
  );
  const board = await postJson<{ id: number }>(
    `${baseUrl}/api/boards`,
    { name: `Accesible ${stamp}` },
    admin,
  );
  if (album.status !== 200 || subAlbum.status !== 200 || board.status >= 300)
    throw new Error(`Set-up failed: ${JSON.stringify([album, subAlbum, board])}`);
  return {
    adminChatId: await firstChat(admin),
    agenteChatId: await firstChat(agente),
    boardId: board.body.id,
    albumId: album.body.id,
    subAlbumId: subAlbum.body.id,
  };
}

describe('accessibility (issue 22): axe-core WCAG 2.1 A/AA on every route', () => {
  let browser: Browser;
  let ids: DemoIds;
  const contexts: BrowserContext[] = [];
  const pages = new Map<Visitor, Page>();
  const findings: Finding[] = [];
  const audited = new Set<string>();

  async function pageOf(visitor: Visitor): Promise<Page> {
    const known = pages.get(visitor);
    if (known) return known;
    const { context, page } = await openPage(browser, baseUrl);
    contexts.push(context);
    trackRequests(page);
    if (visitor !== 'guest') await loginAndWaitForShell(page, `${visitor}@demo.local`);
    pages.set(visitor, page);
    return page;
  }

  async function visit(visitor: Visitor, path: string): Promise<Finding[]> {
    const page = await pageOf(visitor);
    await navigate(page, path);
    await settle(page);
    // A route that redirects (/board, /broadcast, a flow page without its state) shows a page already checked.
    const shown = `${visitor} ${new URL(page.url()).pathname}`;
    if (audited.has(shown)) return [];
    audited.add(shown);
    return check(page, visitor, path);
  }

  /** Audits the page as it is now, under `label`. */
  async function check(page: Page, visitor: Visitor, label: string): Promise<Finding[]> {
    const found = findingsOf(await audit(page), visitor, label);
    findings.push(...found);
    if (found.some((finding) => BLOCKING_IMPACTS.has(finding.impact)))
      await screenshot(page, `a11y-${visitor}-${label.replace(/[^\w]+/g, '_')}`).catch(() => undefined);
    return found;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    ids = await demoIds();
  });

  afterAll(async () => {
    const byRule = new Map<string, number>();
    for (const finding of findings) {
      const key = `${finding.rule} (${finding.impact}) ${finding.path}`;
      byRule.set(key, (byRule.get(key) ?? 0) + finding.nodes);
    }
    if (byRule.size > 0)
      console.info(
        `axe-core findings:\n${[...byRule].map(([key, nodes]) => `  ${key}: ${nodes}`).join('\n')}`,
      );
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('knows an address for every route of the router', () => {
    const missing = ROUTER_PATTERNS.filter((pattern) => isParametrised(pattern) && !CONCRETE_PATHS[pattern]);
    expect(missing).toEqual([]);
  });

  it('finds no serious or critical violation on any route, each seen by the first user who may open it', async () => {
    const blocking: Finding[] = [];
    for (const pattern of ROUTER_PATTERNS) {
      const visitor = firstVisitorOf(pattern);
      for (const path of pathsOf(pattern, ids, visitor)) {
        const found = await visit(visitor, path);
        blocking.push(...found.filter((finding) => BLOCKING_IMPACTS.has(finding.impact)));
      }
    }
    expect(describeFindings(blocking)).toBe('');
  });

  it('finds none in the dialogs and panels of the main pages, open', async () => {
    const page = await pageOf('admin');
    const blocking: Finding[] = [];
    for (const state of OPEN_STATES) {
      await navigate(page, state.path);
      await settle(page);
      await state.open(page);
      await settle(page);
      const found = await check(page, 'admin', `${state.path} (${state.name})`);
      blocking.push(...found.filter((finding) => BLOCKING_IMPACTS.has(finding.impact)));
      await page.keyboard.press('Escape');
    }
    expect(describeFindings(blocking)).toBe('');
  });

  it('finds none on the routes an agente may open', async () => {
    const blocking: Finding[] = [];
    for (const guard of ROUTE_GUARDS) {
      for (const path of pathsOf(guard.path, ids, 'agente')) {
        if (!canAccessRoute(path, AGENTE_PERMISSIONS)) continue;
        const found = await visit('agente', path);
        blocking.push(...found.filter((finding) => BLOCKING_IMPACTS.has(finding.impact)));
      }
    }
    expect(describeFindings(blocking)).toBe('');
  });

  it('works the inbox with the keyboard alone: Tab to the list, arrows, Enter, type, send, Escape back', async () => {
    const phone = `521559${String(Date.now()).slice(-7)}`;
    const name = `Cliente teclado ${phone.slice(-4)}`;
    await customerWrites(phone, name, 'Hola, ¿me ayudan por aquí?');
    const page = await pageOf('admin');
    await navigate(page, '/chat');
    const newest = page.getByTestId('conversation-row').filter({ hasText: name });
    await newest.waitFor();
    const clientId = Number(await newest.getAttribute('data-client-id'));
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return {
          testId: element?.dataset.testid ?? null,
          clientId: element?.dataset.clientId ?? null,
          outline: element ? getComputedStyle(element).outlineStyle : 'none',
        };
      });

    // Tab from the top of the page reaches the list: one stop on it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let presses = 0;
    while ((await focused()).testId !== 'conversation-row') {
      presses += 1;
      if (presses > 40) throw new Error('Tab never reached the conversation list');
      await page.keyboard.press('Tab');
    }
    // Issue 22: a row is shown focused (visible focus, WCAG 2.4.7).
    expect((await focused()).outline).toBe('solid');

    // The arrows move between rows; Home and End go to the ends.
    await page.keyboard.press('Home');
    const first = await focused();
    await page.keyboard.press('ArrowDown');
    const second = await focused();
    expect(second.testId).toBe('conversation-row');
    expect(second.clientId).not.toBe(first.clientId);
    await page.keyboard.press('ArrowUp');
    expect((await focused()).clientId).toBe(first.clientId);

    // The new conversation is the newest: Home put the focus on it. Enter opens it, with the focus in the reply box.
    expect(first.clientId).toBe(String(clientId));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/chat/${clientId}`);
    await expect.poll(async () => (await focused()).testId).toBe('composer-input');
    await page.keyboard.type('Claro, con gusto te ayudo.');
    await page.keyboard.press('Enter');
    await page
      .getByTestId('conversation-window')
      .locator('[data-testid="message-bubble"][data-direction="outgoing"]')
      .filter({ hasText: 'Claro, con gusto te ayudo.' })
      .waitFor();

    // Escape goes back to the list, on the open conversation's row; Tab then leaves the list.
    await page.keyboard.press('Escape');
    expect(await focused()).toMatchObject({ testId: 'conversation-row', clientId: String(clientId) });
    await page.keyboard.press('Tab');
    expect((await focused()).testId).not.toBe('conversation-row');
  });
});
