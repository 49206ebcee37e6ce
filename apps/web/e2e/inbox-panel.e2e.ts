import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, postJson } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, screenshot, withPage } from './helpers/browser';

const baseUrl = inject('baseUrl');

const PICKERS = `query Pickers { tags { id name } datasheetFields { id name } }`;
const STATE = `query State($clientId: Int!) {
  conversation(clientId: $clientId) { isArchived tags { id name } }
  clientInfos(clientId: $clientId) { fieldId value }
}`;
const RESTORE = `mutation Restore($clientId: Int!, $tagId: Int!, $fieldId: Int!) {
  removeTagFromConversation(clientId: $clientId, tagId: $tagId) { id }
  saveClientInfo(clientId: $clientId, fieldId: $fieldId, value: "") { id }
  setConversationArchived(clientId: $clientId, archived: false) { id }
}`;

interface ConversationState {
  conversation: { isArchived: boolean; tags: Array<{ id: number; name: string }> };
  clientInfos: Array<{ fieldId: number; value: string }>;
}

async function seededConversation(token: string, name: string): Promise<number> {
  const { status, body } = await postJson<{ clients?: Array<{ id: number; name: string | null }> }>(
    `${baseUrl}/api/conversations_by_filter`,
    // By name: other suites add newer conversations, so a seeded one may be past the first page.
    { filterType: 'all', keyword: name, first: 100 },
    token,
  );
  const client = body.clients?.find((candidate) => candidate.name === name);
  if (status !== 200 || !client) throw new Error(`No seeded conversation '${name}' (${status})`);
  return client.id;
}

async function stateOf(token: string, clientId: number): Promise<ConversationState> {
  const reply = await graphql<ConversationState>(baseUrl, token, STATE, { clientId });
  if (!reply.data) throw new Error(`State query failed: ${JSON.stringify(reply.errors)}`);
  return reply.data;
}

/** The option of the antd select that is open now (its popup lives at the end of the body). */
function openOption(page: Page, title: string): Locator {
  return page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(title, { exact: true });
}

describe('client info panel', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lets an admin tag a conversation, fill its data sheet and archive it, all still there after reload', async () => {
    const token = await loginToken(baseUrl, 'admin@demo.local');
    const clientId = await seededConversation(token, 'María García');
    const pickers = await graphql<{
      tags: Array<{ id: number; name: string }>;
      datasheetFields: Array<{ id: number; name: string }>;
    }>(baseUrl, token, PICKERS);
    const vip = pickers.data?.tags.find((tag) => tag.name === 'VIP');
    const city = pickers.data?.datasheetFields.find((field) => field.name === 'Ciudad');
    if (!vip || !city) throw new Error(`Seed pickers missing: ${JSON.stringify(pickers)}`);

    try {
      await withPage(browser, baseUrl, 'inbox-panel', async (page) => {
        await loginAndWaitForShell(page, 'admin@demo.local');
        await page.goto(`/chat/${clientId}`);
        const panel = page.getByTestId('client-info-panel');
        await panel.waitFor();
        expect(await panel.getByTestId('client-name').textContent()).toBe('María García');
        // 02 §5: 521… shows as +52 and the rest.
        expect(await panel.getByTestId('client-phone').textContent()).toContain('+525511112222');

        // Tag 'VIP' from the company's tags.
        await panel.getByTestId('tag-select').click();
        await openOption(page, 'VIP').click();
        await panel.getByTestId('tag-chip').filter({ hasText: 'VIP' }).waitFor();

        // Ciudad is a list field: picking an option saves it.
        const cityField = panel.getByTestId(`datasheet-field-${city.id}`);
        await cityField.locator('.ant-select').click();
        await openOption(page, 'Monterrey').click();
        await expect
          .poll(
            async () =>
              (await stateOf(token, clientId)).clientInfos.find((i) => i.fieldId === city.id)?.value,
          )
          .toBe('Monterrey');
        await screenshot(page, 'inbox-panel');

        // Schedule a template follow-up for a future date, see it listed, then delete it again.
        await panel.getByTestId('followup-create').click();
        const dialog = page.getByRole('dialog', { name: 'Programar mensaje' });
        await dialog.getByLabel('Fecha y hora de envío').click();
        await dialog.getByLabel('Fecha y hora de envío').fill('01/05/2030 10:30');
        await dialog.getByLabel('Fecha y hora de envío').press('Enter');
        await dialog.getByRole('radio', { name: 'Plantilla' }).check();
        await dialog.getByRole('combobox', { name: 'Plantilla aprobada' }).click();
        await openOption(page, 'bienvenida').click();
        await dialog.getByLabel('Variable {{1}}').fill('María');
        await dialog.getByTestId('followup-template-preview').getByText('Hola María, gracias').waitFor();
        await screenshot(page, 'inbox-panel-followup');
        await dialog.getByRole('button', { name: 'Programar' }).click();
        const scheduled = panel.getByTestId('followup-item');
        await scheduled.filter({ hasText: 'Plantilla: bienvenida' }).waitFor();
        expect(await scheduled.textContent()).toContain('01/05/2030 10:30');
        await scheduled.getByLabel('Eliminar mensaje programado').click();
        await page
          .getByRole('dialog', { name: 'Eliminar mensaje programado' })
          .getByRole('button', { name: 'Eliminar' })
          .click();
        await panel.getByText('No hay mensajes programados').waitFor();

        // The forward dialog lists the recent messages and the other conversations; nothing is sent here.
        await panel.getByTestId('action-forward').click();
        const forward = page.getByTestId('forward-modal');
        await forward.getByTestId('forward-message').first().waitFor();
        await forward.getByTestId('forward-target').first().waitFor();
        expect(await forward.getByTestId('forward-target').allInnerTexts()).not.toContain('María García');
        await screenshot(page, 'inbox-panel-forward');
        await page.getByRole('button', { name: 'Cancelar' }).click();

        await panel.getByTestId('action-archive').click();
        await expect.poll(async () => (await stateOf(token, clientId)).conversation.isArchived).toBe(true);

        // Load the conversation's URL afresh: everything comes back from the server.
        await page.goto(`/chat/${clientId}`);
        const reloaded = page.getByTestId('client-info-panel');
        await reloaded.waitFor();
        await reloaded.getByTestId('tag-chip').filter({ hasText: 'VIP' }).waitFor();
        await reloaded.getByTestId(`datasheet-field-${city.id}`).getByText('Monterrey').waitFor();
        await expect
          .poll(() => reloaded.getByTestId('action-archive').getAttribute('aria-label'))
          .toBe('Desarchivar');
        await screenshot(page, 'inbox-panel-after-reload');
      });
    } finally {
      // Other browser tests use the seed conversations: leave this one as the seed made it.
      await graphql(baseUrl, token, RESTORE, { clientId, tagId: vip.id, fieldId: city.id });
    }
  });

  it('shows a seed agent no phone, no reassignment and no delete action', async () => {
    const token = await loginToken(baseUrl, 'agente@demo.local');
    const clientId = await seededConversation(token, 'José Hernández');
    await withPage(browser, baseUrl, 'inbox-panel-agente', async (page) => {
      await loginAndWaitForShell(page, 'agente@demo.local');
      await page.goto(`/chat/${clientId}`);
      const panel = page.getByTestId('client-info-panel');
      await panel.waitFor();
      expect(await panel.getByTestId('client-name').textContent()).toBe('José Hernández');
      expect(await panel.getByTestId('client-phone').count()).toBe(0);
      expect(await panel.getByTestId('agent-select').count()).toBe(0);
      expect(await panel.getByTestId('action-delete').count()).toBe(0);
      await panel.getByTestId('followup-list').waitFor();
    });
  });
});
