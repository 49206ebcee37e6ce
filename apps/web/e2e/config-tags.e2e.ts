import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, postJson } from './helpers/api';
import {
  launchBrowser,
  loginAndWaitForShell,
  realtimeConnected,
  screenshot,
  waitForDialogOpen,
  withPage,
} from './helpers/browser';

const baseUrl = inject('baseUrl');
const run = String(Date.now()).slice(-6);
const name = `Mayorista ${run}`;

function openOption(page: Page, title: string): Locator {
  return page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(title, { exact: true });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('tags configuration (/config)', () => {
  it('creates a tag in /config and puts it on a conversation from the client info panel', async () => {
    const token = await loginToken(baseUrl, 'admin@demo.local');
    const { body } = await postJson<{ clients: Array<{ id: number; name: string | null }> }>(
      `${baseUrl}/api/conversations_by_filter`,
      { filterType: 'all', keyword: 'Lucía Ramírez', first: 100 },
      token,
    );
    const clientId = body.clients.find((c) => c.name === 'Lucía Ramírez')?.id;
    if (!clientId) throw new Error('seeded conversation missing');

    await withPage(browser, baseUrl, 'config-tags', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.getByTestId('nav-config').click();
      await page.getByRole('tab', { name: 'Etiquetas' }).waitFor();
      await page.getByRole('button', { name: 'Nueva etiqueta' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva etiqueta' });
      await waitForDialogOpen(dialog);
      await dialog.getByLabel('Nombre').fill(name);
      await dialog.getByLabel('Color #722ed1').check();
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      expect(await row.getByRole('cell').nth(1).textContent()).toBe('0');
      await screenshot(page, 'config-tags');

      await page.goto(`/chat/${clientId}`);
      const panel = page.getByTestId('client-info-panel');
      await panel.waitFor();
      await panel.getByTestId('tag-select').click();
      await openOption(page, name).click();
      await panel.getByTestId('tag-chip').filter({ hasText: name }).waitFor();

      // The count in /config follows.
      await page.goto('/config?tab=tags');
      await expect
        .poll(async () =>
          page.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(1).textContent(),
        )
        .toBe('1');
    });

    // Leave the seeded conversation as found.
    const tags = await graphql<{ tags: Array<{ id: number; name: string }> }>(
      baseUrl,
      token,
      '{ tags { id name } }',
    );
    const tagId = tags.data?.tags.find((t) => t.name === name)?.id;
    await graphql(baseUrl, token, 'mutation($id: Int!) { deleteTag(id: $id) }', { id: tagId });
  });

  it('creates a list field with its options in Datos de contacto', async () => {
    const field = `Sucursal ${run}`;
    await withPage(browser, baseUrl, 'config-datasheet', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.goto('/config/new-datasheet');
      const dialog = page.getByRole('dialog', { name: 'Nuevo campo' });
      await waitForDialogOpen(dialog);
      await dialog.getByLabel('Nombre').fill(field);
      await dialog.getByLabel('Tipo').click();
      await openOption(page, 'Lista de opciones').click();
      const options = dialog.getByLabel('Opciones');
      await options.fill('Centro');
      await options.press('Enter');
      await options.fill('Norte');
      await options.press('Enter');
      await options.press('Escape');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const row = page.getByRole('row').filter({ hasText: field });
      await row.getByText('Lista de opciones').waitFor();
      await row.getByText('Norte').waitFor();
      await screenshot(page, 'config-datasheet');
    });
    const token = await loginToken(baseUrl, 'admin@demo.local');
    const fields = await graphql<{ datasheetFields: Array<{ id: number; name: string; options: string[] }> }>(
      baseUrl,
      token,
      '{ datasheetFields { id name options } }',
    );
    const created = fields.data?.datasheetFields.find((f) => f.name === field);
    expect(created?.options).toEqual(['Centro', 'Norte']);
    await fetch(`${baseUrl}/api/datasheetConfiguration/${created?.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  });

  it('a tag renamed or deleted in /config changes on a conversation already open in /chat', async () => {
    const token = await loginToken(baseUrl, 'admin@demo.local');
    const { body } = await postJson<{ clients: Array<{ id: number; name: string | null }> }>(
      `${baseUrl}/api/conversations_by_filter`,
      { filterType: 'all', keyword: 'Lucía Ramírez', first: 100 },
      token,
    );
    const clientId = body.clients.find((c) => c.name === 'Lucía Ramírez')?.id;
    const created = await graphql<{ createTag: { id: number } }>(
      baseUrl,
      token,
      'mutation($input: TagInput!) { createTag(input: $input) { id } }',
      { input: { name: `Temporal ${run}` } },
    );
    const tagId = created.data?.createTag.id;
    await graphql(
      baseUrl,
      token,
      'mutation($c: Int!, $t: Int!) { addTagToConversation(clientId: $c, tagId: $t) { id } }',
      { c: clientId, t: tagId },
    );

    await withPage(browser, baseUrl, 'config-tags-live', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      const live = realtimeConnected(page);
      await page.goto(`/chat/${clientId}`);
      const panel = page.getByTestId('client-info-panel');
      await panel
        .getByTestId('tag-chip')
        .filter({ hasText: `Temporal ${run}` })
        .waitFor();
      // The rename below is heard through the socket: it must be in its rooms first.
      await live;

      await graphql(
        baseUrl,
        token,
        'mutation($id: Int!, $input: TagInput!) { updateTag(id: $id, input: $input) { id } }',
        { id: tagId, input: { name: `Definitiva ${run}` } },
      );
      await panel
        .getByTestId('tag-chip')
        .filter({ hasText: `Definitiva ${run}` })
        .waitFor();

      await graphql(baseUrl, token, 'mutation($id: Int!) { deleteTag(id: $id) }', { id: tagId });
      await panel
        .getByTestId('tag-chip')
        .filter({ hasText: `Definitiva ${run}` })
        .waitFor({ state: 'detached' });
      // The page is still alive: the panel keeps working after the change.
      await panel.getByTestId('tag-select').waitFor();
    });
  });

  it('the Empresa tab switches a setting and creates a location and a category', async () => {
    const token = await loginToken(baseUrl, 'admin@demo.local');
    const location = `Sucursal ${run}`;
    const category = `Prospecto ${run}`;
    await withPage(browser, baseUrl, 'config-company', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.goto('/config?tab=company');
      const setting = page.getByRole('switch', { name: 'Mostrar los grupos al reasignar' });
      await setting.waitFor();
      const before = await setting.getAttribute('aria-checked');
      await setting.click();
      await expect.poll(() => setting.getAttribute('aria-checked')).not.toBe(before);

      await page.getByRole('button', { name: 'Nueva ubicación' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva ubicación' });
      await waitForDialogOpen(dialog);
      await dialog.getByLabel('Nombre').fill(location);
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('row').filter({ hasText: location }).waitFor();

      await page.getByRole('button', { name: 'Nueva categoría' }).click();
      const categoryDialog = page.getByRole('dialog', { name: 'Nueva categoría' });
      await waitForDialogOpen(categoryDialog);
      await categoryDialog.getByLabel('Nombre').fill(category);
      await categoryDialog.getByRole('button', { name: 'Guardar' }).click();
      await categoryDialog.waitFor({ state: 'hidden' });
      await page.getByRole('row').filter({ hasText: category }).waitFor();
      await screenshot(page, 'config-company');

      // Reloaded, the switch keeps what the server stored.
      await page.reload();
      await expect
        .poll(() =>
          page.getByRole('switch', { name: 'Mostrar los grupos al reasignar' }).getAttribute('aria-checked'),
        )
        .not.toBe(before);
      await page.getByRole('switch', { name: 'Mostrar los grupos al reasignar' }).click();
      await expect
        .poll(() =>
          page.getByRole('switch', { name: 'Mostrar los grupos al reasignar' }).getAttribute('aria-checked'),
        )
        .toBe(before);
    });

    const lists = await graphql<{
      locations: Array<{ id: number; name: string }>;
      categories: Array<{ id: number; name: string }>;
    }>(baseUrl, token, '{ locations { id name } categories { id name } }');
    const locationId = lists.data?.locations.find((l) => l.name === location)?.id;
    const categoryId = lists.data?.categories.find((c) => c.name === category)?.id;
    expect(locationId).toBeDefined();
    expect(categoryId).toBeDefined();
    await graphql(baseUrl, token, 'mutation($id: Int!) { deleteLocation(id: $id) }', { id: locationId });
    await graphql(baseUrl, token, 'mutation($id: Int!) { deleteCategory(id: $id) }', { id: categoryId });
  });
});
