import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, ME_QUERY, type MeResult, postJson } from './helpers/api';
import {
  cspViolationsOf,
  launchBrowser,
  loginAndWaitForShell,
  openPage,
  screenshot,
} from './helpers/browser';

const baseUrl = inject('baseUrl');

const CHANNELS = `{ channels { id platform } }`;
const WELCOME_IDS = `query($channelId: Int!) { welcomeMessages(channelId: $channelId) { id } }`;
const SURVEYS = `{ surveyConfigs { id channelId initText isActive options { id text value index endText } } }`;
const SETTINGS = `{ companySettings { isWelcomeMessageActive } }`;
const UPDATE_SETTINGS = `mutation($input: CompanySettingsInput!) {
  updateCompanySettings(input: $input) { isWelcomeMessageActive }
}`;

interface SurveyConfigRow {
  id: number;
  channelId: number;
  initText: string;
  isActive: boolean;
  options: Array<{ id: number; text: string; value: number; index: number; endText: string | null }>;
}

/** A fresh customer for each flow: 521 56 and 8 digits no seed conversation (nor another flow) uses. */
let phones = 0;
function newCustomerPhone(): string {
  phones += 1;
  return `52156${String(Date.now() + phones).slice(-8)}`;
}

async function gql<T>(token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const reply = await graphql<T>(baseUrl, token, query, variables);
  if (!reply.data || reply.errors?.length) throw new Error(`GraphQL failed: ${JSON.stringify(reply.errors)}`);
  return reply.data;
}

async function conversationOf(token: string, phone: string): Promise<number> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { body } = await postJson<{ clients?: Array<{ id: number; senderId: string }> }>(
      `${baseUrl}/api/conversations_by_filter`,
      { filterType: 'all', keyword: phone },
      token,
    );
    const client = body.clients?.find((candidate) => candidate.senderId === phone);
    if (client) return client.id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No conversation for ${phone}`);
}

/**
 * Picks an option of an antd select (its popup lives at the end of the body). The closing popup is not waited for:
 * a later click it still covers is retried by Playwright, and fills do not aim at a point.
 */
async function pick(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: label,
    })
    .first()
    .click();
}

/**
 * Waits until nothing inside `area` is animating: a field's help text swapping (antd collapses the old one and grows
 * the new one) moves whatever is below it, and a click aimed during that move can land beside its button.
 */
async function settled(area: Locator): Promise<void> {
  await area.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const check = () =>
          element.getAnimations({ subtree: true }).length === 0 ? resolve() : setTimeout(check, 50);
        check();
      }),
  );
}

/** Opens the simulator (in front) as a new customer of the sandbox channel, its only sandbox channel. */
async function newSimulatedCustomer(page: Page, phone: string, name: string): Promise<void> {
  await page.bringToFront();
  await page.goto('/simulador');
  await page.getByRole('heading', { name: 'Simulador de clientes' }).waitFor();
  await page.getByLabel('Teléfono del cliente').fill(phone);
  await page.getByLabel('Nombre del cliente').fill(name);
}

async function writeAsCustomer(page: Page, text: string): Promise<void> {
  const composer = page.getByLabel('Mensaje del cliente');
  await composer.fill(text);
  await composer.press('Enter');
  await page.getByTestId('customer-message').filter({ hasText: text }).waitFor();
}

/** The newest business message holding `text` (a menu repeated later is answered on its last copy). */
function businessMessage(page: Page, text: string): Locator {
  return page.getByTestId('business-message').filter({ hasText: text }).last();
}

/** Taps an option of the bot's menu under the newest message holding `text`, as the customer's WhatsApp would. */
async function tap(page: Page, text: string, option: string): Promise<void> {
  const message = businessMessage(page, text);
  await message.getByTestId('simulator-buttons').waitFor();
  await message.getByRole('button', { name: option, exact: true }).click();
  await page.getByTestId('customer-message').filter({ hasText: option }).last().waitFor();
}

/** Opens a /bot tab (the channel and the tab live in the address). */
async function openBotTab(page: Page, channelId: number, tab: string, testId: string): Promise<Locator> {
  await page.goto(`/bot?channel=${channelId}&tab=${tab}`);
  const content = page.getByTestId(testId);
  await content.waitFor();
  return content;
}

describe('automation: menu chatbot, welcome message and survey on the sandbox channel', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let admin: MeResult['me'];
  let sandboxId: number;
  let welcomeWasOn: boolean;
  let seedSurvey: SurveyConfigRow | undefined;

  async function sandboxSurvey(): Promise<SurveyConfigRow | undefined> {
    const { surveyConfigs } = await gql<{ surveyConfigs: SurveyConfigRow[] }>(token, SURVEYS);
    return surveyConfigs.find((config) => config.channelId === sandboxId);
  }

  /**
   * Runs a flow on the shared signed-in admin page and a second tab of the same session for the customer's simulator;
   * keeps a picture of both when it fails, and fails when the admin page broke the Content-Security-Policy.
   */
  async function flow(name: string, use: (simulator: Page) => Promise<void>): Promise<void> {
    const simulator = await context.newPage();
    // Chromium gives the tab that is not in front about one animation frame a second (though it reads as visible):
    // every wait for a stable element or an antd animation there takes seconds. The flows bring to the front the
    // tab they act on.
    await page.bringToFront();
    try {
      await use(simulator);
      const refused = cspViolationsOf(page).splice(0);
      if (refused.length > 0)
        throw new Error(`the page broke its Content-Security-Policy:\n${refused.join('\n')}`);
    } catch (error) {
      const inbox = await screenshot(page, `failure-${name}`).catch(() => 'none');
      const phone = await screenshot(simulator, `failure-${name}-simulator`).catch(() => 'none');
      if (error instanceof Error) error.message += `\n  at ${page.url()} (screenshots: ${inbox}, ${phone})`;
      throw error;
    } finally {
      await simulator.close();
    }
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, baseUrl));
    await loginAndWaitForShell(page, 'admin@demo.local');
    token = await loginToken(baseUrl, 'admin@demo.local');
    admin = (await gql<MeResult>(token, ME_QUERY)).me;
    const { channels } = await gql<{ channels: Array<{ id: number; platform: string }> }>(token, CHANNELS);
    const sandbox = channels.find((channel) => channel.platform === 'sandbox');
    if (!sandbox) throw new Error(`No sandbox channel: ${JSON.stringify(channels)}`);
    sandboxId = sandbox.id;
    welcomeWasOn = (await gql<{ companySettings: { isWelcomeMessageActive: boolean } }>(token, SETTINGS))
      .companySettings.isWelcomeMessageActive;
    seedSurvey = await sandboxSurvey();
  });

  // Each flow leaves the sandbox channel as the seed made it (no chatbot, no welcome, the seed's survey): other
  // browser tests, and the next flow, write to it as customers and close its conversations.
  afterEach(async () => {
    await gql(
      token,
      `mutation($id: Int!) { setChannelChatbot(id: $id, useChatbot: false) { id } deleteChatbotMenu(channelId: $id) }`,
      { id: sandboxId },
    );
    const { welcomeMessages } = await gql<{ welcomeMessages: Array<{ id: number }> }>(token, WELCOME_IDS, {
      channelId: sandboxId,
    });
    for (const { id } of welcomeMessages) {
      await gql(
        token,
        `mutation($id: Int!) { updateWelcomeMessage(input: { id: $id, isActive: false }) { id } }`,
        {
          id,
        },
      );
    }
    await gql(token, UPDATE_SETTINGS, { input: { isWelcomeMessageActive: welcomeWasOn } });
    const survey = await sandboxSurvey();
    const restored = seedSurvey ?? (survey && { ...survey, isActive: false });
    if (restored) {
      const { id, initText, isActive, options } = restored;
      await gql(token, `mutation($input: UpdateSurveyInput!) { updateSurveyConfig(input: $input) { id } }`, {
        input: { id, initText, isActive, options },
      });
    }
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('builds a two-level menu on /bot that a simulated customer walks to an agent', async () => {
    await flow('automation-menu', async (simulator) => {
      // The page opens on the company's first channel: the sandbox one is chosen in its selector.
      await page.goto('/bot');
      await page.getByTestId('bot-page').waitFor();
      await pick(page, page.getByTestId('bot-channel'), 'Canal de prueba');
      await page.waitForURL(`**/bot?channel=${sandboxId}&tab=menu`);
      const tab = page.getByTestId('bot-menu-tab');
      await tab.waitFor();
      const tree = page.getByTestId('bot-tree');

      // The root: the greeting; then 'Ventas', a sub-menu.
      await page.getByLabel('Saludo', { exact: true }).fill('¡Hola! Soy el asistente de la tienda.');
      await settled(tab);
      await page.getByTestId('bot-root-form').getByRole('button', { name: 'Agregar opción' }).click();
      await page.getByTestId('bot-option-form').waitFor();
      await page.getByLabel('Texto de la opción').fill('Ventas');
      await pick(page, page.getByTestId('bot-option-action'), 'Submenú');
      await page.getByLabel('Texto del submenú').fill('¿Qué necesitas de ventas?');

      // Its first option answers a text (and shows the sub-menu again).
      await settled(tab);
      await page.getByRole('button', { name: 'Agregar opción al submenú' }).click();
      await page.getByLabel('Texto de la opción').fill('Precios');
      await page.getByLabel('Respuesta', { exact: true }).fill('Nuestros paquetes empiezan en $250.');

      // Its second option hands the conversation to the admin.
      await settled(tab);
      await tree.locator('.bot-tree-label', { hasText: 'Ventas' }).click();
      await settled(tab);
      await page.getByRole('button', { name: 'Agregar opción al submenú' }).click();
      await page.getByLabel('Texto de la opción').fill('Hablar con un asesor');
      await pick(page, page.getByTestId('bot-option-action'), 'Asignar a un agente');
      await pick(page, page.getByTestId('bot-action-agent'), admin.name);
      await page.getByLabel('Mensaje (opcional)').fill('Te comunico con un asesor.');

      expect(await tree.locator('.bot-tree-label').allInnerTexts()).toEqual([
        'Saludo: ¡Hola! Soy el asistente de la tienda.',
        '1. Ventas',
        '1. Precios',
        '2. Hablar con un asesor',
      ]);
      expect(await tab.locator('.bot-tree-issue').count()).toBe(0);

      // The preview answers as the bot will.
      const preview = page.getByTestId('bot-preview');
      await preview.getByRole('button', { name: '1. Ventas' }).click();
      await preview.getByTestId('bot-preview-bot').filter({ hasText: '¿Qué necesitas de ventas?' }).waitFor();
      await screenshot(page, 'automation-menu-editor');

      await page.getByRole('button', { name: 'Guardar menú' }).click();
      await page.getByText('Menú del chatbot guardado').waitFor();
      const chatbotSwitch = page.getByTestId('bot-use-chatbot');
      expect(await chatbotSwitch.getAttribute('aria-checked')).toBe('false');
      await chatbotSwitch.click();
      await expect.poll(() => chatbotSwitch.getAttribute('aria-checked')).toBe('true');

      // The customer greets, taps 'Ventas', reads the prices, then asks for an adviser.
      const phone = newCustomerPhone();
      await newSimulatedCustomer(simulator, phone, 'Ana Torres');
      await writeAsCustomer(simulator, 'hola');
      await tap(simulator, '¡Hola! Soy el asistente de la tienda.', 'Ventas');
      await tap(simulator, '¿Qué necesitas de ventas?', 'Precios');
      await businessMessage(simulator, 'Nuestros paquetes empiezan en $250.').waitFor();
      await tap(simulator, '¿Qué necesitas de ventas?', 'Hablar con un asesor');
      await businessMessage(simulator, 'Te comunico con un asesor.').waitFor();
      const authors = await simulator
        .getByTestId('business-message')
        .evaluateAll((bubbles) =>
          bubbles.map((bubble) => bubble.querySelector('.sim-bubble-author')?.textContent),
        );
      expect(authors).toEqual(['Bot', 'Bot', 'Bot', 'Bot', 'Bot']);
      await screenshot(simulator, 'automation-menu-simulator');

      // In the inbox the conversation is the admin's, and the bot's messages say they are the bot's.
      const clientId = await conversationOf(token, phone);
      await page.bringToFront();
      await page.goto(`/chat/${clientId}`);
      const panel = page.getByTestId('client-info-panel');
      await panel.waitFor();
      await expect.poll(() => panel.getByTestId('agent-select').textContent()).toContain(admin.name);
      const handover = page.getByTestId('message-bubble').filter({ hasText: 'Te comunico con un asesor.' });
      await handover.waitFor();
      expect(await handover.getAttribute('data-sender')).toBe('BOT');
      expect((await handover.getByTestId('message-bot').textContent())?.trim()).toBe('Bot');
      // The customer's four turns and the bot's five answers, in order; each of the bot's says 'Bot'.
      const bubbles = page.getByTestId('message-bubble');
      expect(
        await bubbles.evaluateAll((all) => all.map((bubble) => bubble.getAttribute('data-sender'))),
      ).toEqual(['CLIENT', 'BOT', 'CLIENT', 'BOT', 'CLIENT', 'BOT', 'BOT', 'CLIENT', 'BOT']);
      expect(await page.getByTestId('message-bot').count()).toBe(5);
      await screenshot(page, 'automation-menu-inbox');
    });
  });

  it('answers a new simulated customer with the channel welcome message', async () => {
    await flow('automation-welcome', async (simulator) => {
      await gql(token, UPDATE_SETTINGS, { input: { isWelcomeMessageActive: false } });

      const form = await openBotTab(page, sandboxId, 'welcome', 'welcome-form');
      expect(
        await form.getByRole('switch', { name: 'Mensaje de bienvenida activo' }).getAttribute('aria-checked'),
      ).toBe('true');
      await form
        .getByLabel('Mensaje de bienvenida', { exact: true })
        .fill('¡Hola {{nombre_cliente}}! Gracias por escribirnos, en breve te atendemos.');
      await form.getByRole('button', { name: 'Guardar bienvenida' }).click();
      await page.getByText('Mensaje de bienvenida guardado').waitFor();

      // The company's switch, in Configuración › Chatbot.
      await page.goto('/config?tab=chatbot');
      const welcomeSwitch = page.getByTestId('setting-isWelcomeMessageActive');
      await welcomeSwitch.waitFor();
      expect(await welcomeSwitch.getAttribute('aria-checked')).toBe('false');
      await welcomeSwitch.click();
      await expect.poll(() => welcomeSwitch.getAttribute('aria-checked')).toBe('true');
      await expect
        .poll(
          async () =>
            (await gql<{ companySettings: { isWelcomeMessageActive: boolean } }>(token, SETTINGS))
              .companySettings.isWelcomeMessageActive,
        )
        .toBe(true);

      await newSimulatedCustomer(simulator, newCustomerPhone(), 'Luis Ortega');
      await writeAsCustomer(simulator, 'Buenas tardes');
      const welcome = businessMessage(
        simulator,
        '¡Hola Luis Ortega! Gracias por escribirnos, en breve te atendemos.',
      );
      await welcome.waitFor();
      expect(await welcome.locator('.sim-bubble-author').textContent()).toBe('Bot');
      // Once only: the same customer writing again is not welcomed again.
      await writeAsCustomer(simulator, '¿Siguen abiertos?');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await simulator.getByTestId('business-message').count()).toBe(1);
      await screenshot(simulator, 'automation-welcome-simulator');
    });
  });

  it('sends the survey when the admin closes a conversation, and shows the customer’s answer in the panel', async () => {
    await flow('automation-survey', async (simulator) => {
      const form = await openBotTab(page, sandboxId, 'survey', 'survey-form');
      // Three options, whatever the channel had (a new survey starts with five, the seed's has three).
      const rows = form.locator('[data-testid^="survey-option-"]');
      while ((await rows.count()) > 3) {
        await form.getByRole('button', { name: `Quitar la opción ${await rows.count()}` }).click();
      }
      while ((await rows.count()) < 3) await form.getByRole('button', { name: 'Agregar opción' }).click();
      const active = form.getByRole('switch', { name: 'Encuesta activa' });
      if ((await active.getAttribute('aria-checked')) !== 'true') await active.click();
      await form.getByLabel('Texto de la encuesta').fill('¿Cómo calificarías la atención de hoy?');
      const options: Array<[string, number, string]> = [
        ['Muy buena', 3, '¡Gracias por tu respuesta!'],
        ['Regular', 2, 'Gracias, mejoraremos.'],
        ['Mala', 1, 'Lamentamos oírlo; te contactaremos.'],
      ];
      for (const [index, [text, value, endText]] of options.entries()) {
        await form.getByLabel(`Valor de la opción ${index + 1}`).fill(String(value));
        await form.getByLabel(`Texto de la opción ${index + 1}`).fill(text);
        await form.getByLabel(`Respuesta final de la opción ${index + 1}`).fill(endText);
      }
      await form.getByRole('button', { name: 'Guardar encuesta' }).click();
      await page.getByText('Encuesta guardada').waitFor();

      // A customer writes; the admin closes the conversation asking for the survey.
      const phone = newCustomerPhone();
      await newSimulatedCustomer(simulator, phone, 'Sofía Luna');
      await writeAsCustomer(simulator, 'Ya recibí mi pedido, gracias');
      const clientId = await conversationOf(token, phone);
      await page.bringToFront();
      await page.goto(`/chat/${clientId}`);
      const panel = page.getByTestId('client-info-panel');
      await panel.waitFor();
      await panel.getByTestId('action-close').click();
      const dialog = page.getByRole('dialog', { name: 'Cerrar conversación' });
      await dialog.getByText('¿Enviar encuesta de satisfacción?').waitFor();
      await dialog.getByTestId('close-with-survey').click();
      await panel.getByTestId('action-reopen').waitFor();
      await panel.getByTestId('survey-status').filter({ hasText: 'Sin respuesta' }).waitFor();

      // The customer gets the survey as three buttons and taps one.
      await simulator.bringToFront();
      const survey = businessMessage(simulator, '¿Cómo calificarías la atención de hoy?');
      await survey.getByTestId('simulator-buttons').waitFor();
      expect(await survey.getByTestId('simulator-buttons').getByRole('button').allInnerTexts()).toEqual([
        'Muy buena',
        'Regular',
        'Mala',
      ]);
      await tap(simulator, '¿Cómo calificarías la atención de hoy?', 'Regular');
      await businessMessage(simulator, 'Gracias, mejoraremos.').waitFor();
      await screenshot(simulator, 'automation-survey-simulator');

      // The panel shows the answer live.
      await page.bringToFront();
      const answer = panel.getByTestId('survey-answer');
      await answer.waitFor();
      expect(await answer.getByTestId('survey-status').textContent()).toBe('Respondida');
      expect(await answer.textContent()).toContain('Regular · Valor 2');
      await screenshot(page, 'automation-survey-panel');
    });
  });
});
