import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteRoleByName, graphql, loginToken } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, navLabels, openPage, screenshot } from './helpers/browser';

const baseUrl = inject('baseUrl');
const run = String(Date.now()).slice(-6);

let browser: Browser;
let admin: string;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await loginToken(baseUrl, 'admin@demo.local');
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'Segura123';

interface FormOptions {
  teamFormOptions: {
    roles: Array<{ id: number; name: string }>;
    spaces: Array<{ id: number; name: string }>;
  };
}

/**
 * A user of this test only (other browser suites share the seeded accounts and their roles), created through
 * POST /user as the team form sends it: multipart, lists as JSON text.
 */
async function createUser(name: string, email: string, roleName: string): Promise<number> {
  const options = await graphql<FormOptions>(
    baseUrl,
    admin,
    '{ teamFormOptions { roles { id name } spaces { id name } } }',
  );
  const role = options.data?.teamFormOptions.roles.find((r) => r.name === roleName);
  const space = options.data?.teamFormOptions.spaces.find((s) => s.name === 'General');
  if (!role || !space)
    throw new Error(`role ${roleName} or space General missing: ${JSON.stringify(options)}`);
  const form = new FormData();
  form.append('name', name);
  form.append('email', email);
  form.append('phone', '');
  form.append('rolId', String(role.id));
  form.append('password', PASSWORD);
  form.append('spacesIds', JSON.stringify([space.id]));
  form.append('isAdminOfIds', '[]');
  const response = await fetch(`${baseUrl}/api/user`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}` },
    body: form,
  });
  const body = (await response.json()) as { id?: number };
  if (response.status !== 201 || !body.id)
    throw new Error(`POST /user: ${response.status} ${JSON.stringify(body)}`);
  return body.id;
}

async function cleanUp(userId: number | null, roleName: string): Promise<void> {
  if (userId !== null) {
    await fetch(`${baseUrl}/api/deleteUser`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
      body: JSON.stringify({ id: userId }),
    });
  }
  await deleteRoleByName(baseUrl, admin, roleName);
}

/** Picks `label` in the antd Select whose input carries `ariaLabel`. */
async function choose(page: Page, ariaLabel: string, label: string): Promise<void> {
  await page.getByLabel(ariaLabel, { exact: true }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

describe('roles configuration (/config, Roles)', () => {
  it('creates a role, gives it to a signed-in user through the team form, and their top bar changes live', async () => {
    const roleName = `Supervisor ${run}`;
    const userName = `Rita Roles ${run}`;
    const email = `rita.roles.${run}@equipo.test`;
    let userId: number | null = null;
    const adminSide = await openPage(browser, baseUrl);
    const userSide = await openPage(browser, baseUrl);
    try {
      userId = await createUser(userName, email, 'agente');
      // The user works in /chat with the agents' menu: quick answers, no statistics or campaigns.
      await loginAndWaitForShell(userSide.page, email, PASSWORD);
      const before = await navLabels(userSide.page);
      expect(before).toContain('Respuestas');
      expect(before).not.toContain('Estadísticas');
      expect(before).not.toContain('Campañas');

      const page = adminSide.page;
      await loginAndWaitForShell(page, 'admin@demo.local');
      // A new role from the Roles tab: chat and statistics and campaigns, no quick answers.
      await page.getByTestId('nav-config').click();
      await page.getByRole('tab', { name: 'Roles' }).click();
      await page.getByRole('button', { name: 'Nuevo rol' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo rol' });
      await dialog.getByLabel('Nombre').fill(roleName.toLowerCase());
      await dialog.getByLabel('Atender conversaciones (agente)').check();
      await dialog.getByLabel('Ver estadísticas').check();
      await dialog.getByLabel('Campañas').check();
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // The name is stored capitalised, with nobody holding it yet.
      const roleRow = page.getByRole('row').filter({ hasText: roleName });
      await roleRow.waitFor();
      expect(await roleRow.getByRole('cell').nth(2).textContent()).toBe('0');

      // The team form gives it to the user, who stays signed in (no password is set).
      await page
        .getByRole('navigation', { name: 'Navegación principal' })
        .getByRole('link', { name: 'Equipo' })
        .click();
      await page.getByRole('button', { name: `Editar a ${userName}` }).click();
      await page.waitForURL(`**/users/new?id=${userId}`);
      await expect.poll(() => page.getByLabel('Nombre', { exact: true }).inputValue()).toBe(userName);
      await choose(page, 'Rol', roleName);
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.waitForURL('**/users');
      await page.getByRole('row').filter({ hasText: email }).getByText(roleName).waitFor();

      // The user's open page redraws its top bar without a reload.
      await expect.poll(() => navLabels(userSide.page), { timeout: 15_000 }).toContain('Estadísticas');
      const after = await navLabels(userSide.page);
      expect(after).toContain('Campañas');
      expect(after).not.toContain('Respuestas');
      expect(userSide.page.url()).toMatch(/\/chat/);
      await screenshot(userSide.page, 'config-roles-user-top-bar');

      // The Roles tab counts the role's user.
      await page.goto('/config?tab=roles');
      await expect.poll(() => roleRow.getByRole('cell').nth(2).textContent()).toBe('1');
    } finally {
      await adminSide.context.close();
      await userSide.context.close();
      await cleanUp(userId, roleName);
    }
  });
});
