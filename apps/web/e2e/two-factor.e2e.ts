import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, twoFactorUri } from './helpers/api';
import { launchBrowser, screenshot, submitLogin, withPage } from './helpers/browser';
import { msLeftInStep, parseOtpauthUri, type TotpParameters, totp } from './helpers/totp';

const baseUrl = inject('baseUrl');
const EMAIL = 'admin@otra.local';

const UPDATE_TWO_FACTOR_POLICY = `mutation UpdateTwoFactorPolicy($enabled: Boolean!) {
  updateTwoFactorPolicy(enabled: $enabled) { id hasUsed2FA }
}`;

// A code that is wrong in the previous, current and next time step (servers accept some drift).
function wrongCode(params: TotpParameters): string {
  const now = Date.now();
  const near = new Set([-1, 0, 1].map((step) => totp(params, now + step * params.period * 1000)));
  for (let digit = 0; digit < 10; digit++) {
    const candidate = String(digit).repeat(params.digits);
    if (!near.has(candidate)) return candidate;
  }
  throw new Error('No wrong code found');
}

// Types into a fresh time step when the current one is about to end.
async function currentCode(params: TotpParameters): Promise<string> {
  const left = msLeftInStep(params.period);
  if (left < 4000) await new Promise((wait) => setTimeout(wait, left + 250));
  return totp(params);
}

describe('two-factor sign-in', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sets up the authenticator through /qr-code and signs in with its code', async () => {
    const adminToken = await loginToken(baseUrl, EMAIL);
    const policy = await graphql<{ updateTwoFactorPolicy: { hasUsed2FA: boolean } }>(
      baseUrl,
      adminToken,
      UPDATE_TWO_FACTOR_POLICY,
      { enabled: true },
    );
    expect(policy.errors).toBeUndefined();
    expect(policy.data?.updateTwoFactorPolicy.hasUsed2FA).toBe(true);

    await withPage(browser, baseUrl, 'two-factor', async (page) => {
      await submitLogin(page, EMAIL);
      await page.waitForURL('**/qr-code');
      const qr = page.getByTestId('qr-image');
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(await page.getByRole('link', { name: /Android/ }).getAttribute('href')).toContain(
        'play.google.com',
      );
      expect(await page.getByRole('link', { name: /iOS/ }).getAttribute('href')).toContain('apps.apple.com');
      // The password travels in router state only, never in storage.
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(stored).not.toContain('Demo12345');
      await screenshot(page, 'qr-code');

      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL('**/two-factor');
      await page.getByText('Ingresa el código de verificación').waitFor();
      expect(await page.getByText('Ingresa el código de tu aplicación').isVisible()).toBe(true);

      // The browser shows the same secret that the API hands out while the factor is unverified.
      const uri = await twoFactorUri(baseUrl, EMAIL);
      const params = parseOtpauthUri(uri);
      const shown = await page.evaluate(() => localStorage.getItem('qrUri'));
      expect(parseOtpauthUri(shown ?? '').secret).toBe(params.secret);

      await page.getByTestId('code-box-0').click();
      await page.keyboard.type(wrongCode(params));
      await page.getByText('El código es incorrecto, por favor intenta de nuevo.').waitFor();
      const boxes = await Promise.all(
        Array.from({ length: 6 }, (_, index) => page.getByTestId(`code-box-${index}`).inputValue()),
      );
      expect(boxes.join('')).toBe('');
      expect(new URL(page.url()).pathname).toBe('/two-factor');
      await screenshot(page, 'two-factor-wrong-code');

      await page.getByTestId('code-box-0').click();
      await page.keyboard.type(await currentCode(params));
      await page.waitForURL('**/chat');
      await page.getByTestId('top-bar').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    });
  });

  it('sends a direct visit of /two-factor back to /login', async () => {
    await withPage(browser, baseUrl, 'two-factor-direct', async (page) => {
      await page.goto('/two-factor');
      await page.waitForURL('**/login');
    });
  });
});
