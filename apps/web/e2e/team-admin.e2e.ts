import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteRoleByName, graphql, loginToken } from './helpers/api';
import {
  launchBrowser,
  loginAndWaitForShell,
  navLabels,
  openPage,
  screenshot,
  withPage,
} from './helpers/browser';

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

interface TeamRow {
  id: number;
  email: string;
  rol: { name: string };
}

async function teamUserByEmail(email: string): Promise<TeamRow | undefined> {
  const res = await graphql<{ teamUsers: TeamRow[] }>(
    baseUrl,
    admin,
    '{ teamUsers { id email rol { name } } }',
  );
  return res.data?.teamUsers.find((user) => user.email === email);
}

async function deleteByEmail(email: string): Promise<void> {
  const user = await teamUserByEmail(email);
  if (!user) return;
  await fetch(`${baseUrl}/api/deleteUser`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
    body: JSON.stringify({ id: user.id }),
  });
}

/** Picks `label` in the antd Select whose input carries `ariaLabel` (typed first: long lists are virtual). */
async function choose(page: Page, ariaLabel: string, label: string, search = false): Promise<void> {
  await page.getByLabel(ariaLabel, { exact: true }).click();
  if (search) await page.keyboard.type(label);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

async function fillUser(page: Page, user: { name: string; email: string; role: string }): Promise<void> {
  await page.getByLabel('Nombre', { exact: true }).fill(user.name);
  await page.getByLabel('Correo', { exact: true }).fill(user.email);
  await choose(page, 'Rol', user.role);
  await page.getByLabel('Contraseña', { exact: true }).fill('Segura123');
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Segura123');
  await choose(page, 'Espacios', 'General');
  await page.keyboard.press('Escape');
}

describe('team (/users, /users/new)', () => {
  it('creates an agent with working hours, who signs in without the team entry, and deletes them', async () => {
    const email = `agente.${run}@equipo.test`;
    const name = `Laura Equipo ${run}`;
    try {
      await withPage(browser, baseUrl, 'team-create-agent', async (page) => {
        await loginAndWaitForShell(page, 'admin@demo.local');
        await page
          .getByRole('navigation', { name: 'Navegación principal' })
          .getByRole('link', { name: 'Equipo' })
          .click();
        await page.getByTestId('team-page').waitFor();
        await page.getByTestId('team-seats').waitFor();
        await page.getByRole('button', { name: /Nuevo usuario/ }).click();
        await page.waitForURL('**/users/new');

        // Nothing is sent while the form is incomplete.
        await page.getByRole('button', { name: 'Guardar' }).click();
        await page.getByText('Nombre obligatorio').waitFor();
        await page.getByText('Correo obligatorio').waitFor();

        await fillUser(page, { name, email, role: 'Agente' });
        await page.getByLabel('Número de teléfono').fill('5512345678');
        await page.getByRole('switch', { name: 'Activar horario laboral' }).click();
        await page.getByLabel('Zona horaria', { exact: true }).click();
        await page.keyboard.type('Bogota');
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option[title="Bogotá (GMT-5)"]')
          .click();
        // An end before the start is refused on the form.
        await choose(page, 'Salida Lunes', '08:00', true);
        await page.getByRole('button', { name: 'Guardar' }).click();
        await page
          .getByTestId('working-hours-error')
          .getByText('La hora de salida debe ser posterior a la de entrada')
          .waitFor();
        await choose(page, 'Salida Lunes', '18:00', true);
        await screenshot(page, 'team-new-agent');
        await page.getByRole('button', { name: 'Guardar' }).click();

        await page.waitForURL('**/users');
        const row = page.getByRole('row').filter({ hasText: email });
        await row.waitFor();
        expect(await row.getByTestId('team-hours').textContent()).toBe('Lun–Vie 09:00–18:00');
        // Issue 19: the role in Spanish, not as stored.
        expect(await row.textContent()).toContain('Agente');
        expect(await row.textContent()).toContain('+525512345678');
        await screenshot(page, 'team-list');
      });

      const stored = await graphql<{
        teamUsers: Array<{ email: string; workingHours: { timezone: string } | null }>;
      }>(baseUrl, admin, '{ teamUsers { email workingHours { timezone } } }');
      expect(stored.data?.teamUsers.find((u) => u.email === email)?.workingHours?.timezone).toBe(
        'America/Bogota',
      );

      // The new agent signs in and stays signed in while the admin deletes them.
      const agentSide = await openPage(browser, baseUrl);
      try {
        await loginAndWaitForShell(agentSide.page, email, 'Segura123');
        const labels = await navLabels(agentSide.page);
        expect(labels).toContain('Chat');
        expect(labels).not.toContain('Equipo');

        await withPage(browser, baseUrl, 'team-delete-agent', async (page) => {
          await loginAndWaitForShell(page, 'admin@demo.local');
          await page.goto('/users');
          // The availability switch is saved: it is still off after a reload.
          const available = page.getByRole('switch', { name: `Disponibilidad de ${name}` });
          await available.click();
          await expect.poll(() => available.getAttribute('aria-checked')).toBe('false');
          await page.reload();
          await expect.poll(() => available.getAttribute('aria-checked')).toBe('false');
          await page.getByRole('button', { name: `Eliminar a ${name}` }).click();
          await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
          await page.getByText(`Se eliminó a ${name}`).waitFor();
          await page.getByRole('row').filter({ hasText: email }).waitFor({ state: 'detached' });
        });
        // Their session ended with the deletion: the refused token sends the open client to the root page, which
        // shows the login (01 §2.1, §4 Session).
        await agentSide.page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
        await agentSide.page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
      } finally {
        await agentSide.context.close();
      }
      expect(await teamUserByEmail(email)).toBeUndefined();
    } finally {
      await deleteByEmail(email);
    }
  });

  it('creates a role in /config/new-rol and gives it to a new user, who gets its screens', async () => {
    const roleName = `Analista ${run}`;
    const email = `analista.${run}@equipo.test`;
    try {
      await withPage(browser, baseUrl, 'team-role-assign', async (page) => {
        await loginAndWaitForShell(page, 'admin@demo.local');
        await page.goto('/config/new-rol');
        const dialog = page.getByRole('dialog', { name: 'Nuevo rol' });
        await dialog.getByLabel('Nombre').fill(roleName.toLowerCase());
        await dialog.getByLabel('Ver estadísticas').check();
        await dialog.getByRole('button', { name: 'Guardar' }).click();
        await dialog.waitFor({ state: 'hidden' });

        await page.goto('/users/new');
        await fillUser(page, { name: `Ana Analista ${run}`, email, role: roleName });
        await page.getByRole('button', { name: 'Guardar' }).click();
        await page.waitForURL('**/users');
        const row = page.getByRole('row').filter({ hasText: email });
        await row.waitFor();
        expect(await row.textContent()).toContain(roleName);
        expect(await row.getByTestId('team-hours').textContent()).toBe('Sin horario');
      });
      expect((await teamUserByEmail(email))?.rol.name).toBe(roleName);

      await withPage(browser, baseUrl, 'team-role-user-signs-in', async (page) => {
        await loginAndWaitForShell(page, email, 'Segura123');
        const labels = await navLabels(page);
        expect(labels).toContain('Estadísticas');
        expect(labels).not.toContain('Equipo');
      });
    } finally {
      await deleteByEmail(email);
      await deleteRoleByName(baseUrl, admin, roleName);
    }
  });

  it('gives a user a location and categories, and a role change reaches their open client live', async () => {
    const email = `sede.${run}@equipo.test`;
    const name = `Mario Sede ${run}`;
    const location = await graphql<{ createLocation: { id: number } }>(
      baseUrl,
      admin,
      'mutation($input: LocationInput!) { createLocation(input: $input) { id } }',
      { input: { name: `Sede ${run}` } },
    );
    const category = await graphql<{ createCategory: { id: number; name: string } }>(
      baseUrl,
      admin,
      'mutation($input: CategoryInput!) { createCategory(input: $input) { id name } }',
      { input: { name: `Autos ${run}` } },
    );
    const categoryName = category.data?.createCategory.name ?? '';
    const [other] =
      (
        await graphql<{ teamUsers: TeamRow[] }>(baseUrl, admin, '{ teamUsers { id email rol { name } } }')
      ).data?.teamUsers.filter((u) => u.email === 'agente@demo.local') ?? [];
    const setAvailable = (isAvailable: boolean) =>
      graphql(
        baseUrl,
        admin,
        'mutation($id: Int!, $on: Boolean!) { updateUserAvailability(id: $id, isAvailable: $on) { id } }',
        { id: other?.id, on: isAvailable },
      );
    try {
      await withPage(browser, baseUrl, 'team-location-categories', async (page) => {
        await loginAndWaitForShell(page, 'admin@demo.local');
        await page.goto('/users/new');
        await fillUser(page, { name, email, role: 'Agente' });
        await choose(page, 'Ubicación', `Sede ${run}`, true);
        await choose(page, 'Categorías', categoryName, true);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Guardar' }).click();
        await page.waitForURL('**/users');
        const row = page.getByRole('row').filter({ hasText: email });
        await row.waitFor();
        expect(await row.getByTestId('team-location').textContent()).toBe(`Sede ${run}${categoryName}`);
      });
      const created = await graphql<{
        teamUsers: Array<{ id: number; email: string; location: { name: string } | null }>;
      }>(baseUrl, admin, '{ teamUsers { id email location { name } categories { name } } }');
      const user = created.data?.teamUsers.find((u) => u.email === email);
      expect(user?.location?.name).toBe(`Sede ${run}`);

      const agentSide = await openPage(browser, baseUrl);
      try {
        await loginAndWaitForShell(agentSide.page, email, 'Segura123');
        expect(await navLabels(agentSide.page)).not.toContain('Estadísticas');
        // The admin makes them a group admin: the server closes their socket, the client connects again
        // with the new role and loads its data again, without a reload.
        const groupadmin = (
          await graphql<{ teamFormOptions: { roles: Array<{ id: number; name: string }> } }>(
            baseUrl,
            admin,
            '{ teamFormOptions { roles { id name } } }',
          )
        ).data?.teamFormOptions.roles.find((r) => r.name === 'groupadmin');
        const changed = await fetch(`${baseUrl}/api/user`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
          body: JSON.stringify({ id: user?.id, rolId: groupadmin?.id }),
        });
        expect(changed.status).toBe(200);
        await expect.poll(() => navLabels(agentSide.page), { timeout: 15_000 }).toContain('Estadísticas');
        // To the team list in the same page (no reload: the socket in use is the one that reconnected).
        await agentSide.page.evaluate(() => {
          window.history.pushState({}, '', '/users');
          window.dispatchEvent(new PopStateEvent('popstate'));
        });
        await agentSide.page.getByTestId(`team-row-${other?.id}`).waitFor();
        const theirSwitch = agentSide.page.getByTestId(`team-row-${other?.id}`).getByRole('switch');
        // A company-wide event (another user's availability) now reaches them live.
        await setAvailable(false);
        await expect.poll(() => theirSwitch.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('false');
      } finally {
        await agentSide.context.close();
      }
    } finally {
      await setAvailable(true);
      await deleteByEmail(email);
      if (location.data)
        await graphql(baseUrl, admin, 'mutation($id: Int!) { deleteLocation(id: $id) }', {
          id: location.data.createLocation.id,
        });
      if (category.data)
        await graphql(baseUrl, admin, 'mutation($id: Int!) { deleteCategory(id: $id) }', {
          id: category.data.createCategory.id,
        });
    }
  });
});
