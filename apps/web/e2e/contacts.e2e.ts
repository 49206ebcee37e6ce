import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, loginAndWaitForShell, screenshot, withPage } from './helpers/browser';

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

const ddmmyyyy = (d: Date) =>
  `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

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
    await withPage(browser, baseUrl, 'contacts', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.goto('/contacts');
      await page.getByRole('heading', { name: 'Contactos' }).waitFor();

      // 1. Instructions, with the template link and the example.
      await page.getByRole('button', { name: 'Importar' }).click();
      const modal = page.getByRole('dialog', { name: 'Importar contactos' });
      await modal.getByRole('button', { name: 'Descargar plantilla' }).waitFor();
      await modal.getByLabel('Ejemplo de archivo').waitFor();
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
      await modal.getByRole('row').filter({ hasText: '12ab' }).getByText('error').waitFor();
      await screenshot(page, 'contacts-import-result');
      await modal.getByRole('button', { name: 'Continuar' }).click();
      await modal.waitFor({ state: 'hidden' });

      const table = page.locator('.ant-table');
      await table.getByText(tagged).waitFor();
      await table.getByText(plain).waitFor();

      // Tag filter: only the tagged contact.
      await page.getByRole('button', { name: 'Seleccionar Etiquetas' }).click();
      const tags = page.getByRole('dialog', { name: 'Seleccionar Etiquetas' });
      await tags.getByText(tag).click();
      await tags.getByRole('button', { name: 'Aplicar' }).click();
      await table.getByText(plain).waitFor({ state: 'detached' });
      await table.getByText(tagged).waitFor();

      // Date filter: a range ten days back leaves it out; back to today brings it back.
      const past = new Date(Date.now() - 10 * 86_400_000);
      await setDate(page, 'Fecha de fin', ddmmyyyy(past));
      await page.getByText('Sin contactos').waitFor();
      await setDate(page, 'Fecha de fin', ddmmyyyy(new Date()));
      await table.getByText(tagged).waitFor();

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
});
