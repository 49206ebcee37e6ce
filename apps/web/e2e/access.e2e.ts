import { DEFAULT_ROLE_PERMISSIONS, toPermissionMap, visibleNavItems } from '@crm/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, ME_QUERY, type MeResult } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, navLabels, openPage, screenshot } from './helpers/browser';

const baseUrl = inject('baseUrl');

describe('access of an agente', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, baseUrl));
    await loginAndWaitForShell(page, 'agente@demo.local');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('shows exactly the navigation entries of the agente role', async () => {
    const me = await graphql<MeResult>(baseUrl, await loginToken(baseUrl, 'agente@demo.local'), ME_QUERY);
    const company = me.data?.me.company;
    if (!company) throw new Error(`Me failed: ${JSON.stringify(me.errors)}`);
    const expected = visibleNavItems({
      permissions: toPermissionMap(DEFAULT_ROLE_PERMISSIONS.agente),
      roleName: 'agente',
      isBoardsActive: company.isBoardsActive,
    }).map((item) => item.label);

    const labels = await navLabels(page);
    expect(labels).toEqual(expected);
    expect(labels).toContain('Chat');
    expect(labels).not.toContain('Equipo');
    expect(labels).not.toContain('Campañas');
    await screenshot(page, 'shell-agente');
  });

  it('sends an agente who opens /users to /forbidden, with a way back to the chat', async () => {
    await page.goto('/users');
    await page.waitForURL('**/forbidden');
    await page.getByText('No tienes permiso para ver esta página').waitFor();
    await screenshot(page, 'forbidden');
    await page.getByRole('button', { name: 'Volver al chat' }).click();
    await page.waitForURL('**/chat');
    await page.getByTestId('top-bar').waitFor();
  });
});
