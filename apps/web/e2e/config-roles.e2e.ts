import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, navLabels, openPage, screenshot } from './helpers/browser';

const baseUrl = inject('baseUrl');
const run = String(Date.now()).slice(-6);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Role {
  id: number;
  name: string;
  permissions: string[];
}
const ROLES = '{ roles { id name permissions } }';
const UPDATE = `mutation($id: Int!, $input: RoleInput!) { updateRole(id: $id, input: $input) { id } }`;

describe('roles configuration (/config, Roles)', () => {
  it('creates a role, and a role change redraws its user’s top bar live', async () => {
    const token = await loginToken(baseUrl, 'admin@demo.local');
    const before = await graphql<{ roles: Role[] }>(baseUrl, token, ROLES);
    const agente = before.data?.roles.find((r) => r.name === 'agente');
    if (!agente) throw new Error('agente role missing');

    const adminSide = await openPage(browser, baseUrl);
    const userSide = await openPage(browser, baseUrl);
    try {
      await loginAndWaitForShell(userSide.page, 'agente@demo.local');
      expect(await navLabels(userSide.page)).not.toContain('Campañas');

      const page = adminSide.page;
      await loginAndWaitForShell(page, 'admin@demo.local');
      // A new role from /config/new-rol.
      await page.goto('/config/new-rol');
      const dialog = page.getByRole('dialog', { name: 'Nuevo rol' });
      await dialog.getByLabel('Nombre').fill(`supervisor ${run}`);
      await dialog.getByLabel('Ver estadísticas').check();
      await dialog.getByLabel('Campañas').check();
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page
        .getByRole('row')
        .filter({ hasText: `Supervisor ${run}` })
        .waitFor();

      // Editing the agents' role: their open client redraws its menu without a reload.
      await page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'agente', exact: true }) })
        .getByRole('button', { name: 'Editar' })
        .click();
      const edit = page.getByRole('dialog', { name: 'Editar rol' });
      await edit.getByLabel('Campañas').check();
      await edit.getByRole('button', { name: 'Guardar' }).click();
      await edit.waitFor({ state: 'hidden' });
      await expect.poll(() => navLabels(userSide.page), { timeout: 15_000 }).toContain('Campañas');
      await screenshot(userSide.page, 'config-roles-agente');
    } finally {
      await graphql(baseUrl, token, UPDATE, {
        id: agente.id,
        input: { name: agente.name, permissions: agente.permissions },
      });
      const created = (await graphql<{ roles: Role[] }>(baseUrl, token, ROLES)).data?.roles.find(
        (r) => r.name === `Supervisor ${run}`,
      );
      if (created)
        await graphql(baseUrl, token, 'mutation($id: Int!) { deleteRole(id: $id) }', { id: created.id });
      await adminSide.context.close();
      await userSide.context.close();
    }
  });
});
