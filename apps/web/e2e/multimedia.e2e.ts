import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, postJson } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, screenshot, withPage } from './helpers/browser';

const baseUrl = inject('baseUrl');

// A 1×1 PNG; PDF and an executable by their first bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const pdfOf = (bytes: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(0, bytes - 9), 0x20)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]);

const FILES = `query E2EAlbumFiles($albumId: Int!) {
  albumFiles(albumId: $albumId, take: 100) { total items { id name weight } }
}`;
const ALBUMS = `query E2EAlbums($search: String) { albums(search: $search) { items { id name filesCount } } }`;

describe('multimedia albums', () => {
  let browser: Browser;
  let token: string;
  let files: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await loginToken(baseUrl, 'admin@demo.local');
    files = await mkdtemp(join(tmpdir(), 'multimedia-e2e-'));
  });

  afterAll(async () => {
    await browser?.close();
    await rm(files, { recursive: true, force: true });
  });

  it('creates an album, uploads files to it with progress, lists them and deletes one', async () => {
    const albumName = `Catálogo ${Date.now() % 1_000_000}`;
    const photo = join(files, 'vitrina.png');
    const brochure = join(files, 'folleto.pdf');
    const disguised = join(files, 'oferta.png');
    await writeFile(photo, PNG);
    // Big enough (600 KB) for the throttled upload to show its progress bar for a while.
    await writeFile(brochure, pdfOf(600 * 1024));
    await writeFile(disguised, EXE);

    await withPage(browser, baseUrl, 'multimedia-album-upload', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      // Configuración's album route leads to the albums.
      await page.goto('/config/album');
      await page.waitForURL('**/multimedia');
      await page
        .getByRole('navigation', { name: 'Navegación principal' })
        .getByRole('link', { name: 'Multimedia' })
        .click();
      await page.waitForURL('**/multimedia');
      await page.getByTestId('multimedia-page').waitFor();

      await page.getByRole('button', { name: 'Crear álbum' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo álbum' });
      await dialog.getByRole('button', { name: 'Crear' }).click();
      await dialog.getByText('Nombre obligatorio').waitFor();
      await dialog.getByLabel('Nombre del álbum').fill(albumName);
      await dialog.getByRole('button', { name: 'Crear' }).click();
      const card = page.getByTestId('album-card').filter({ hasText: albumName });
      await card.waitFor();
      expect(await card.textContent()).toContain('0 álbumes · 0 archivos');

      // The same name again is refused by the server (ERROR_DUPLICATED_ALBUM).
      await page.getByRole('button', { name: 'Crear álbum' }).click();
      await dialog.getByLabel('Nombre del álbum').fill(albumName.toUpperCase());
      await dialog.getByRole('button', { name: 'Crear' }).click();
      await dialog
        .locator('.ant-form-item-explain-error')
        .getByText('Ya existe un álbum con ese nombre.')
        .waitFor();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();

      await card.getByRole('button', { name: albumName, exact: true }).click();
      await page.waitForURL(/\/album\/\d+$/);
      const albumId = Number(page.url().split('/').pop());
      await page.getByRole('heading', { name: albumName }).waitFor();

      // An executable named .png is refused from its bytes before anything is sent.
      const input = page.getByTestId('media-file-input');
      await input.setInputFiles([photo, brochure, disguised]);
      await page.getByText('Tipo de archivo no permitido').waitFor();
      const queued = page.getByTestId('media-queue-item');
      await expect.poll(() => queued.count()).toBe(2);
      const queuedPdf = queued.filter({ hasText: 'folleto.pdf' });
      expect(await queuedPdf.textContent()).toContain('Documento');
      expect(await queuedPdf.textContent()).toContain('600 KB');
      expect(await queued.filter({ hasText: 'vitrina.png' }).textContent()).toContain('Imagen');
      await screenshot(page, 'multimedia-queue');

      // A slow uplink, so the progress of each file shows.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 200 * 1024,
      });
      await page.getByRole('button', { name: 'Subir 2 archivos' }).click();
      const progress = page.getByRole('progressbar', { name: 'Subiendo folleto.pdf' });
      await progress.waitFor();
      // The bar follows the bytes sent: it moves before the upload ends.
      await expect
        .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await screenshot(page, 'multimedia-uploading');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await page.getByText('2 archivos subidos').waitFor();
      await expect.poll(() => queued.count()).toBe(0);

      const table = page.getByTestId('album-files');
      const photoRow = table.getByRole('row').filter({ hasText: 'vitrina.png' });
      const pdfRow = table.getByRole('row').filter({ hasText: 'folleto.pdf' });
      await photoRow.waitFor();
      await pdfRow.waitFor();
      expect(await pdfRow.textContent()).toContain('600 KB');
      expect(await photoRow.textContent()).toContain('Imagen');
      // The thumbnail is fetched with the session: a blob, never a public URL.
      await expect.poll(() => photoRow.locator('img').getAttribute('src')).toMatch(/^blob:/);
      await page.getByRole('heading', { name: albumName }).waitFor();
      await page.getByText('0 álbumes · 2 archivos').waitFor();
      await screenshot(page, 'multimedia-album');

      await pdfRow.getByRole('button', { name: 'Eliminar folleto.pdf' }).click();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Eliminar' }).click();
      await page.getByText('folleto.pdf eliminado').waitFor();
      await expect.poll(() => table.getByRole('row').filter({ hasText: 'folleto.pdf' }).count()).toBe(0);
      await page.getByText('0 álbumes · 1 archivo').waitFor();

      const stored = await graphql<{
        albumFiles: { total: number; items: Array<{ name: string; weight: number }> };
      }>(baseUrl, token, FILES, { albumId });
      expect(stored.data?.albumFiles.items).toEqual([
        expect.objectContaining({ name: 'vitrina.png', weight: PNG.length }),
      ]);

      // Sub-albums open on their own route.
      await page.getByRole('button', { name: 'Crear subálbum' }).click();
      const subDialog = page.getByRole('dialog', { name: 'Nuevo subálbum' });
      await subDialog.getByLabel('Nombre del álbum').fill('Temporada');
      await subDialog.getByRole('button', { name: 'Crear' }).click();
      await page
        .getByTestId('album-card')
        .filter({ hasText: 'Temporada' })
        .getByRole('button', { name: 'Temporada', exact: true })
        .click();
      await page.waitForURL(/\/subAlbum\/\d+$/);
      await page.getByRole('navigation').getByRole('link', { name: albumName }).waitFor();
      await page.getByText('Este álbum aún no tiene archivos').waitFor();
    });
  });

  it('lets a reader browse and download but offers no creation, upload or deletion', async () => {
    const name = `Lectura ${Date.now() % 1_000_000}`;
    const created = await postJson<{ id: number }>(`${baseUrl}/api/createAlbum`, { name }, token);
    expect(created.status).toBe(200);

    await withPage(browser, baseUrl, 'multimedia-reader', async (page) => {
      await loginAndWaitForShell(page, 'agente@demo.local');
      await page.goto('/multimedia');
      await page.getByLabel('Buscar álbumes').fill(name);
      const card = page.getByTestId('album-card').filter({ hasText: name });
      await card.waitFor();
      expect(await page.getByRole('button', { name: 'Crear álbum' }).count()).toBe(0);
      expect(await card.getByRole('button', { name: `Eliminar el álbum ${name}` }).count()).toBe(0);
      await card.getByRole('button', { name, exact: true }).click();
      await page.waitForURL(`**/album/${created.body.id}`);
      await page.getByText('Este álbum aún no tiene archivos').waitFor();
      expect(await page.getByTestId('media-drop-zone').count()).toBe(0);
    });
    const listed = await graphql<{ albums: { items: Array<{ name: string }> } }>(baseUrl, token, ALBUMS, {
      search: name,
    });
    expect(listed.data?.albums.items.map((album) => album.name)).toEqual([name]);
  });
});
