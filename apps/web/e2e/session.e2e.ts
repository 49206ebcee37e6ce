import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, ME_QUERY, type MeResult } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, screenshot, submitLogin, withPage } from './helpers/browser';

const baseUrl = inject('baseUrl');

describe('session', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('signs admin@demo.local in and lands on /chat with the top bar', async () => {
    await withPage(browser, baseUrl, 'login', async (page) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
      expect(await page.getByText('Charla CRM').first().isVisible()).toBe(true);
      await screenshot(page, 'login');

      await submitLogin(page, 'admin@demo.local');
      await page.waitForURL('**/chat');
      await page.getByTestId('top-bar').waitFor();
      // The inbox is loaded on demand (issue 22): the shell may show its loader a moment before the page.
      await page.getByRole('heading', { name: 'Bandeja de entrada' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Bandeja de entrada' }).isVisible()).toBe(true);
      expect(await page.getByTestId('nav-chat').getAttribute('aria-current')).toBe('page');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      await screenshot(page, 'shell');

      await page.getByTestId('avatar').click();
      await page.getByTestId('user-panel').waitFor();
      // Let the popover finish its opening animation before the picture.
      await page.waitForTimeout(400);
      expect(await page.getByTestId('user-panel').textContent()).toContain('Andrea Admin');
      expect(await page.getByTestId('user-role').textContent()).toBe('Administrador');
      await screenshot(page, 'user-panel');
    });
  });

  it('shows the server message when the password is wrong and stays on /login', async () => {
    await withPage(browser, baseUrl, 'wrong-password', async (page) => {
      await submitLogin(page, 'admin@demo.local', 'ContraseñaMala1');
      await page.getByTestId('login-error').waitFor();
      expect(await page.getByTestId('login-error').textContent()).toContain(
        'Correo o contraseña incorrectos.',
      );
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    });
  });

  it('sends a visitor without a session from a private page to /login, and / shows the login', async () => {
    await withPage(browser, baseUrl, 'no-session', async (page) => {
      await page.goto('/users');
      await page.waitForURL('**/login');
      await page.goto('/');
      await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    });
  });

  it('logs out to /login and the server refuses the old token', async () => {
    await withPage(browser, baseUrl, 'logout', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(token).toBeTruthy();
      const before = await graphql<MeResult>(baseUrl, token ?? '', ME_QUERY);
      expect(before.data?.me.name).toBe('Andrea Admin');

      // Signed in, the root page goes to the inbox.
      await page.goto('/');
      await page.waitForURL('**/chat');

      await page.getByTestId('avatar').click();
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.waitForURL('**/login');
      expect(await page.evaluate(() => localStorage.length)).toBe(0);

      const after = await graphql<MeResult>(baseUrl, token ?? '', ME_QUERY);
      expect(after.data?.me ?? null).toBeNull();
      expect(after.errors?.[0]?.extensions?.code).toBe('INVALID_TOKEN');

      // Back in the browser, the private pages now lead to the login again.
      await page.goto('/chat');
      await page.waitForURL('**/login');

      // 01 §2.1 / §4 Session: a token the server refuses (INVALID_TOKEN) clears storage and goes to the root page,
      // which shows the login.
      await page.evaluate((revoked) => localStorage.setItem('token', revoked), token ?? '');
      await page.goto('/chat');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
    });
  });
});
