import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CATALOGUE, PAYMENT_BANNER_MESSAGES, SIMULATOR_ROUTE } from '@crm/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken } from './helpers/api';
import { launchBrowser, withPage } from './helpers/browser';

const baseUrl = inject('baseUrl');

const PASSWORD = 'Segura123';
// A 48×32 png: within the profile photo's 640×640.
const PHOTO = resolve(fileURLToPath(new URL('.', import.meta.url)), 'fixtures/comprobante.png');

/** The six-character code the API mailed to `email` (the dev outbox, newest first). */
async function mailedCode(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as Array<{
      to: string;
      text: string;
    }>;
    const code = /\b([A-Z0-9]{6})\b/.exec(outbox.find((mail) => mail.to === email)?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((wait) => setTimeout(wait, 300));
  }
  throw new Error(`No code mailed to ${email}`);
}

async function companyOf(token: string): Promise<{ id: number; status: string; paymentIntents: number }> {
  const me = await graphql<{ me: { company: { id: number; status: string; paymentIntents: number } } }>(
    baseUrl,
    token,
    '{ me { company { id status paymentIntents } } }',
  );
  const company = me.data?.me.company;
  if (!company) throw new Error(`me failed: ${JSON.stringify(me.errors)}`);
  return company;
}

async function continueStep(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(`**/onboarding/step/${path}**`);
}

/** 01 §2.4: the onboarding steps in order, name to password; the account is created on the last one. */
async function signUp(page: Page, email: string, business: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Crear cuenta' }).click();
  await page.waitForURL('**/onboarding/step/name**');
  await page.getByText('Paso 1 de 9').waitFor();
  await page.getByLabel('Correo').fill(email);
  await page.getByLabel('Nombre', { exact: true }).fill('Ana 2');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByText('No puede contener caracteres especiales').waitFor();
  expect(await page.getByLabel('Correo').inputValue()).toBe(email);
  await page.getByLabel('Nombre', { exact: true }).fill('Ana López');
  await continueStep(page, 'phone');

  await page.getByLabel('Número de teléfono').fill('5512345678');
  await continueStep(page, 'code');

  const code = await mailedCode(email);
  await page.getByTestId('code-box-0').click();
  await page.keyboard.type(code);
  await page.waitForURL('**/onboarding/step/business**');

  await page.getByLabel('Nombre del negocio').fill(business);
  await continueStep(page, 'website');
  await page.getByText('No', { exact: true }).click();
  await continueStep(page, 'businessCategory');
  await page.getByLabel('Categoría').click();
  await page.getByTitle('Restaurante').click();
  await continueStep(page, 'email');
  expect(await page.getByTestId('verified-email').inputValue()).toBe(email);
  await continueStep(page, 'password');
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirma tu contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.waitForURL('**/onboarding/step/welcome**');
}

describe('from sign-up to the first customer', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('signs a business up, takes a plan and a card, links the sandbox number and answers its first customer', async () => {
    const stamp = `${process.pid}${Date.now() % 1_000_000}`;
    const email = `alta${stamp}@example.com`;
    const business = `Taquería Alta ${stamp}`;
    await withPage(browser, baseUrl, 'sign-up-journey', async (page) => {
      await signUp(page, email, business);
      const token = await loginToken(baseUrl, email, PASSWORD);
      expect((await companyOf(token)).status).toBe('TRIAL');

      // The plan, then paying for it (a trial company subscribes from the configuration's plan view).
      await page.getByRole('button', { name: 'Elegir mi plan' }).click();
      await page.waitForURL('**/select-plan**');
      const pro = page.getByTestId('plan-card-PRO');
      await pro.getByText('USD').first().waitFor();
      await pro.getByRole('button', { name: 'Seleccionar' }).click();
      await page.waitForURL('**/config/edit-plan**');
      const subscribe = page.getByTestId('resubscribe');
      await subscribe.waitFor();
      expect(await page.getByText('Modo de prueba').first().isVisible()).toBe(true);

      await subscribe.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
      await subscribe.getByLabel('Vencimiento (MM/AA)').fill('12/40');
      await subscribe.getByLabel('CVC').fill('123');
      await subscribe.getByRole('button', { name: 'Suscribirme' }).click();
      await subscribe.getByText(ERROR_CATALOGUE.CARD_DECLINED.userMessage).waitFor();
      expect((await companyOf(token)).status).toBe('TRIAL');

      await subscribe.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
      await subscribe.getByRole('button', { name: 'Suscribirme' }).click();
      await page.waitForURL('**/link-whatsapp');
      expect((await companyOf(token)).status).toBe('AWAITING_WA_VINCULATION');

      // 01 §2.5: the post-payment help page (the video mailed, then /spaces), the sandbox number linked, the profile,
      // the confirmation.
      await page.getByRole('button', { name: 'Terminar configuración yo mismo' }).click();
      await page.waitForURL('**/spaces');
      await page
        .getByTestId('pending-link-card')
        .getByRole('button', { name: 'Vincular número de prueba' })
        .click();
      await page.waitForURL('**/link-whatsapp/profile**');
      await page.getByLabel('Archivo de la foto de perfil').setInputFiles(PHOTO);
      await page.getByTestId('profile-photo-preview').waitFor();
      await page.getByLabel('Acerca de').fill('Tacos al pastor desde 1990');
      await page.getByRole('button', { name: 'Guardar perfil' }).click();
      await page.waitForURL('**/success-link**');
      expect(await page.getByTestId('linked-phone').textContent()).toMatch(/Número vinculado: \+52 /);
      expect((await companyOf(token)).status).toBe('TRIAL');
      await page.getByRole('button', { name: 'Ir al chat' }).click();
      await page.waitForURL('**/chat');

      // The first customer writes to the linked (sandbox) number; the business answers from the inbox.
      await page.goto(SIMULATOR_ROUTE);
      const customer = `52155${String(Date.now()).slice(-8)}`;
      await page.getByLabel('Teléfono del cliente').fill(customer);
      await page.getByLabel('Mensaje del cliente').fill('Hola, ¿tienen tacos de suadero?');
      await page.getByLabel('Mensaje del cliente').press('Enter');
      await page.getByTestId('customer-message').filter({ hasText: 'tacos de suadero' }).waitFor();
      await page.goto('/chat');
      const row = page
        .getByTestId('conversation-list')
        .getByTestId('conversation-row')
        .filter({ hasText: 'suadero' });
      await row.click();
      const window = page.getByTestId('conversation-window');
      const composer = window.getByTestId('composer-input');
      await composer.fill('¡Claro! ¿Cuántos te preparo?');
      await composer.press('Enter');
      await window
        .locator('[data-testid="message-bubble"][data-direction="outgoing"]')
        .filter({ hasText: '¿Cuántos te preparo?' })
        .getByTestId('message-status-sent')
        .waitFor();

      // 01 §2.6: the banner at each failed payment, gone once paid; then cancelling at the end of the period.
      await page.goto('/account');
      const banner = page.getByTestId('payment-banner');
      const expected = [
        PAYMENT_BANNER_MESSAGES.cardFailed,
        PAYMENT_BANNER_MESSAGES.paySoon,
        PAYMENT_BANNER_MESSAGES.lastWarning,
        PAYMENT_BANNER_MESSAGES.paused,
      ];
      for (const [index, message] of expected.entries()) {
        await page.getByRole('button', { name: 'Simular pago fallido' }).click();
        await banner.filter({ hasText: message }).waitFor();
        expect((await companyOf(token)).paymentIntents).toBe(index + 1);
      }
      expect(await banner.getByRole('link', { name: 'Ver cuenta' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Simular cobro mensual' }).click();
      await banner.waitFor({ state: 'detached' });
      expect((await companyOf(token)).status).toBe('ACTIVE');

      await page
        .getByTestId('cancel-subscription')
        .getByRole('button', { name: 'Cancelar suscripción' })
        .click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Cancelar suscripción' }).click();
      await page
        .getByText(/Se cancelará el/)
        .first()
        .waitFor();
    });
  });
});
