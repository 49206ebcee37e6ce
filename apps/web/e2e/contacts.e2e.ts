import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken } from './helpers/api';
import {
  launchBrowser,
  loginAndWaitForShell,
  screenshot,
  waitForDialogOpen,
  withPage,
} from './helpers/browser';

const baseUrl = inject('baseUrl');
const run = String(Date.now()).slice(-6);
const tag = `Feria ${run}`;
const tagged = `Tatiana${run}`;
const plain = `Ulises${run}`;

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  dir = await mkdtemp(join(tmpdir(), 'crm-e2e-contacts-'));
});
afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

async function setDate(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(label);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** A day as the pickers take it (dd/MM/yyyy), `daysBack` days before today in the company's time zone (02 §9). */
function pickerDay(timeZone: string, daysBack = 0): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const day = new Date(Date.UTC(part('year'), part('month') - 1, part('day') - daysBack));
  return `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
}

async function companyTimeZone(email: string): Promise<string> {
  const token = await loginToken(baseUrl, email);
  const { data } = await graphql<{ me: { company: { timezone: string } } }>(
    baseUrl,
    token,
    'query { me { company { timezone } } }',
  );
  if (!data) throw new Error('No company time zone');
  return data.me.company.timezone;
}

describe('contacts panel (/contacts)', () => {
  it('imports a file through the four steps, filters by tag and date, and exports CSV', async () => {
    const file = join(dir, 'contactos.csv');
    await writeFile(
      file,
      '\uFEFFNombre;Apellido;Teléfono;Etiquetas;Correo del agente\n' +
        `${tagged};Ríos;52155${run}81;${tag};\n` +
        `${plain};Mena;52155${run}82;;\n` +
        'Sin;Teléfono;12ab;;\n',
    );
    const timeZone = await companyTimeZone('admin@demo.local');
    await withPage(browser, baseUrl, 'contacts', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.goto('/contacts');
      await page.getByRole('heading', { name: 'Contactos' }).waitFor();

      // 1. Instructions, with the template link and the example.
      await page.getByRole('button', { name: 'Importar' }).click();
      const modal = page.getByRole('dialog', { name: 'Importar contactos' });
      await modal.getByRole('button', { name: 'Descargar plantilla' }).waitFor();
      await modal.getByLabel('Ejemplo de archivo').waitFor();
      await screenshot(page, 'contacts-import-instructions');
      await modal.getByRole('button', { name: 'Continuar' }).click();
      // 2. Channel.
      await modal.getByText('Selecciona un canal para importar tus contactos').waitFor();
      await modal.getByRole('button', { name: 'Continuar' }).click();
      // 3. Upload.
      await modal.locator('input[type=file]').setInputFiles(file);
      // 4. Result.
      await modal.getByText('Contactos creados: 2. Duplicados: 0. Con error: 1.').waitFor();
      const created = modal.getByRole('row').filter({ hasText: `52155${run}81` });
      await expect(created.getByText('Contacto creado exitosamente').isVisible()).resolves.toBe(true);
      await modal.getByRole('row').filter({ hasText: '12ab' }).getByText('Error', { exact: true }).waitFor();
      await screenshot(page, 'contacts-import-result');
      await modal.getByRole('button', { name: 'Continuar' }).click();
      await modal.waitFor({ state: 'hidden' });

      const table = page.locator('.ant-table');
      await table.getByText(tagged).waitFor();
      await table.getByText(plain).waitFor();
      await screenshot(page, 'contacts-panel');

      // Tag filter: only the tagged contact.
      await page.getByRole('button', { name: 'Seleccionar Etiquetas' }).click();
      const tags = page.getByRole('dialog', { name: 'Seleccionar Etiquetas' });
      // A click during the dialog's opening zoom can land beside the tag (the filter then applies nothing).
      await waitForDialogOpen(tags);
      await tags.getByText(tag).click();
      await tags.getByRole('button', { name: 'Aplicar' }).click();
      await table.getByText(plain).waitFor({ state: 'detached' });
      await table.getByText(tagged).waitFor();

      // Date filter, in the company's days: an end ten days back leaves it out (the start follows the end);
      // back to today brings it back, and so does a range of today alone.
      await setDate(page, 'Fecha de fin', pickerDay(timeZone, 10));
      await page.getByText('Sin contactos').waitFor();
      await expect(page.getByLabel('Fecha de inicio').inputValue()).resolves.toBe(pickerDay(timeZone, 10));
      await setDate(page, 'Fecha de fin', pickerDay(timeZone));
      await table.getByText(tagged).waitFor();
      await setDate(page, 'Fecha de inicio', pickerDay(timeZone));
      await table.getByText(tagged).waitFor();
      await expect(table.getByText(plain).count()).resolves.toBe(0);

      // Export CSV of what is shown.
      await page.getByRole('button', { name: 'Exportar' }).click();
      const exportDialog = page.getByRole('dialog', { name: 'Exportar contactos' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        exportDialog.getByRole('button', { name: 'CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('clientes.csv');
      const csv = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
      const lines = csv.trim().split('\r\n');
      expect(lines[0]).toContain('Nombre,Apellido,Agente,Etiquetas');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`${tagged},Ríos`);
      expect(lines[1]).toContain(tag);
    });
  });

  it('creates a contact, refuses the same phone twice in the channel, and edits the phone', async () => {
    const name = `Valeria${run}`;
    const national = `55${run}91`;
    const changed = `55${run}92`;
    await withPage(browser, baseUrl, 'contacts-create', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.goto('/contacts');
      await page.getByRole('heading', { name: 'Contactos' }).waitFor();

      await page.getByRole('button', { name: 'Crear contacto' }).click();
      const create = page.getByRole('dialog', { name: 'Crear contacto' });
      await create.getByText('+52', { exact: true }).waitFor();
      await create.getByPlaceholder('Número de teléfono').fill(national);
      await create.getByPlaceholder('Nombre del contacto').fill(name);
      await create.getByRole('button', { name: 'Crear' }).click();
      await page.getByText('Contacto creado exitosamente').waitFor();
      await create.waitFor({ state: 'hidden' });

      await page.getByLabel('Buscar contactos').fill(name);
      const table = page.locator('.ant-table');
      const row = table.getByRole('row').filter({ hasText: name });
      // After the search's pause only this contact is left.
      await table.locator('tr.ant-table-row').nth(1).waitFor({ state: 'detached' });
      await row.getByText(`+52${national}`).waitFor();

      await page.getByRole('button', { name: 'Crear contacto' }).click();
      await create.getByPlaceholder('Número de teléfono').fill(national);
      await create.getByRole('button', { name: 'Crear' }).click();
      await create.getByText('Ya existe un contacto con ese teléfono en este canal.').waitFor();
      await screenshot(page, 'contacts-create-duplicate');
      await create.getByRole('button', { name: 'Cancelar' }).click();
      await create.waitFor({ state: 'hidden' });

      await row.getByRole('button', { name: `Editar teléfono +52${national}` }).click();
      const edit = page.getByRole('dialog', { name: 'Editar teléfono' });
      const input = edit.getByPlaceholder('Número de teléfono');
      await expect(input.inputValue()).resolves.toBe(national);
      await input.fill(changed);
      await edit.getByRole('button', { name: 'Guardar' }).click();
      await edit.waitFor({ state: 'hidden' });
      await row.getByText(`+52${changed}`).waitFor();
    });
  });
});
