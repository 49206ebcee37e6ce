import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginToken } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, screenshot, withPage } from './helpers/browser';

const baseUrl = inject('baseUrl');
// An account no other browser test signs in with, since its password changes here.
const EMAIL = 'groupadmin@demo.local';
const NEW_PASSWORD = 'NuevaClave2026';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

async function resetLinkFor(email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/dev/outbox`);
  const mails = (await response.json()) as OutboxMail[];
  const mail = mails.find((candidate) => candidate.to.includes(email));
  if (!mail) throw new Error(`No mail for ${email} in the outbox`);
  const link = /https?:\/\/\S*\/changePassword\?token=[^\s"'<>]+/.exec(mail.text);
  if (!link) throw new Error(`No reset link in: ${mail.text}`);
  return link[0];
}

describe('password recovery', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sends a reset link, sets a new password with it and signs in with the new one', async () => {
    await withPage(browser, baseUrl, 'password-reset', async (page) => {
      await page.goto('/login');
      await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
      await page.waitForURL('**/recoverPassword');
      // The login form (which has a 'Correo electrónico' field too) stays on screen until the page's code has
      // arrived: filling before the new page shows typed into the old one.
      await page.getByRole('heading', { name: 'Recupera tu contraseña' }).waitFor();
      await page.getByLabel('Correo electrónico').fill(EMAIL);
      await page.getByRole('button', { name: 'Enviar enlace' }).click();
      await page
        .getByText('Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.')
        .waitFor();

      const link = new URL(await resetLinkFor(EMAIL));
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByLabel('Nueva contraseña').fill('corta');
      await page.getByLabel('Confirma tu contraseña').fill('otra');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.getByText('la contraseña debe contener al menos 8 caracteres').waitFor();
      await page.getByText('Las contraseñas deben coincidir').waitFor();
      await screenshot(page, 'change-password');

      await page.getByLabel('Nueva contraseña').fill(NEW_PASSWORD);
      await page.getByLabel('Confirma tu contraseña').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.waitForURL('**/login');

      await loginAndWaitForShell(page, EMAIL, NEW_PASSWORD);
      expect(await loginToken(baseUrl, EMAIL, NEW_PASSWORD)).toBeTruthy();
    });
  });

  it('opens a section from the navigation, marked as the current page', async () => {
    await withPage(browser, baseUrl, 'nav-section', async (page) => {
      await loginAndWaitForShell(page, 'superadmin@demo.local');
      await page.getByTestId('nav-analytics').click();
      await page.waitForURL('**/analytics');
      await page.getByRole('heading', { name: 'Estadísticas' }).waitFor();
      await page.getByRole('region', { name: 'Conversaciones', exact: true }).waitFor();
      expect(await page.getByTestId('nav-analytics').getAttribute('aria-current')).toBe('page');
      await screenshot(page, 'analytics');
    });
  });
});
