import type { BoardView } from '@crm/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken } from './helpers/api';
import {
  launchBrowser,
  loginAndWaitForShell,
  openPage,
  realtimeConnected,
  screenshot,
  waitForDialogOpen,
} from './helpers/browser';

const baseUrl = inject('baseUrl');
const run = String(Date.now()).slice(-6);
const BOARD_NAME = `Embudo ${run}`;

async function boardOverApi(token: string, id: number): Promise<BoardView> {
  const response = await fetch(`${baseUrl}/api/boards/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as BoardView;
}

function column(page: Page, name: string): Locator {
  return page.getByRole('region', { name: `Columna ${name}`, exact: true });
}

function card(page: Page, columnName: string, contact: string): Locator {
  return column(page, columnName).getByRole('article', { name: contact, exact: true });
}

/** A mouse drag the way a person does it: press, move in steps past dnd-kit's 5 px activation, hover, release. */
async function dragWithMouse(page: Page, from: Locator, to: Locator): Promise<void> {
  const source = await from.boundingBox();
  const target = await to.boundingBox();
  if (!source || !target) throw new Error('nothing to drag or nowhere to drop');
  await page.mouse.move(source.x + source.width / 2, source.y + 12);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + 20, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height - 30, { steps: 15 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height - 25, { steps: 3 });
  await page.mouse.up();
}

async function addContact(page: Page, search: string, contact: string): Promise<void> {
  await page.getByRole('button', { name: 'Agregar contacto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar contacto' });
  await waitForDialogOpen(dialog);
  await dialog.getByRole('combobox', { name: 'Contacto' }).fill(search);
  await page.locator('.ant-select-item-option', { hasText: contact }).first().click();
  await Promise.all([
    page.waitForResponse(
      (r) => /\/api\/boards\/\d+\/items$/.test(r.url()) && r.request().method() === 'POST',
    ),
    dialog
      .getByRole('button', { name: /Agregar|Guardar/ })
      .last()
      .click(),
  ]);
  await dialog.waitFor({ state: 'hidden' });
}

describe('boards (02 §2 /boards, issue 21)', () => {
  let browser: Browser;
  let adminToken: string;
  let memberId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await loginToken(baseUrl, 'admin@demo.local');
    const agentToken = await loginToken(baseUrl, 'agente@demo.local');
    const me = await graphql<{ me: { id: number } }>(baseUrl, agentToken, 'query { me { id } }');
    memberId = me.data?.me.id ?? 0;
    expect(memberId).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates a board, adds two contacts, moves cards by mouse and keyboard, live on a member’s page', async () => {
    const owner = await openPage(browser, baseUrl);
    const member = await openPage(browser, baseUrl);
    try {
      const page = owner.page;
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.goto('/boards');
      await page.getByRole('button', { name: 'Nuevo tablero' }).click();
      const form = page.getByRole('dialog', { name: 'Nuevo tablero' });
      await waitForDialogOpen(form);
      await form.getByLabel('Nombre', { exact: true }).fill(BOARD_NAME);
      // The three default columns: Nuevos, En negociación, Cerrados.
      await expect.poll(() => form.getByRole('textbox', { name: /Nombre de la columna/ }).count()).toBe(3);
      await form.getByRole('button', { name: 'Crear' }).click();
      await page.waitForURL(/\/boards\/\d+$/);
      const boardId = Number(page.url().split('/').pop());
      for (const name of ['Nuevos', 'En negociación', 'Cerrados']) await column(page, name).waitFor();

      // Shared with Ana Agente as a member (the sharing form is the list page's; the API is quicker here).
      const shared = await fetch(`${baseUrl}/api/boards/${boardId}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ members: [memberId] }),
      });
      expect(shared.status).toBe(200);

      await addContact(page, 'María', 'María García');
      await addContact(page, 'José', 'José Hernández');
      await card(page, 'Nuevos', 'María García').waitFor();
      await card(page, 'Nuevos', 'José Hernández').waitFor();

      // The member opens the same board and waits for its socket before anything moves.
      const live = realtimeConnected(member.page);
      await loginAndWaitForShell(member.page, 'agente@demo.local');
      await live;
      await member.page.goto(`/boards/${boardId}`);
      await card(member.page, 'Nuevos', 'María García').waitFor();

      // Mouse: María from Nuevos to En negociación.
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/move') && r.status() === 200),
        dragWithMouse(page, card(page, 'Nuevos', 'María García'), column(page, 'En negociación')),
      ]);
      await card(page, 'En negociación', 'María García').waitFor();
      await card(member.page, 'En negociación', 'María García').waitFor();

      // Keyboard: José picked up with Space, one column to the right, dropped with Space.
      // Each key waits for what dnd-kit announces to screen readers, as a keyboard user waits for the lift: under load
      // a key pressed before the drag is active is lost.
      const jose = card(page, 'Nuevos', 'José Hernández');
      await jose.focus();
      await page.keyboard.press('Space');
      await page.getByText('Tomaste la tarjeta José Hernández.').waitFor({ state: 'attached' });
      await page.keyboard.press('ArrowRight');
      await page
        .getByText(/Moviste la tarjeta José Hernández a la columna En negociación/)
        .waitFor({ state: 'attached' });
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/move') && r.status() === 200),
        page.keyboard.press('Space'),
      ]);
      await card(page, 'En negociación', 'José Hernández').waitFor();
      await card(member.page, 'En negociación', 'José Hernández').waitFor();
      expect(await column(member.page, 'Nuevos').getByRole('article').count()).toBe(0);

      // The server holds the same order the pages show.
      const board = await boardOverApi(adminToken, boardId);
      const names = board.columns.map((c) => [c.name, c.items.map((item) => item.name)]);
      expect(names[0]).toEqual(['Nuevos', []]);
      expect(names[1]?.[0]).toBe('En negociación');
      expect([...(names[1]?.[1] ?? [])].sort()).toEqual(['José Hernández', 'María García']);
    } catch (error) {
      await screenshot(owner.page, 'failure-boards-owner').catch(() => undefined);
      await screenshot(member.page, 'failure-boards-member').catch(() => undefined);
      throw error;
    } finally {
      await owner.context.close();
      await member.context.close();
    }
  });
});
