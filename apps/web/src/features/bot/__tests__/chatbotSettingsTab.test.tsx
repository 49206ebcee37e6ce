import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigPage } from '../../../pages/ConfigPage';
import { ChatbotSettingsTab } from '../settings/ChatbotSettingsTab';
import { renderWithGraphql } from './graphqlKit';

interface BotSettings {
  isBotAutoAssignActive: boolean;
  isBotActiveAfterDay: boolean;
  isBotAutoAssignActiveAfterDay: boolean;
  isWelcomeMessageActive: boolean;
  sentClientSurveyByDefault: boolean;
  disableBotTagIds: number[];
}

const INITIAL: BotSettings = {
  isBotAutoAssignActive: false,
  isBotActiveAfterDay: true,
  isBotAutoAssignActiveAfterDay: true,
  isWelcomeMessageActive: false,
  sentClientSurveyByDefault: false,
  disableBotTagIds: [],
};

function answer(initial: BotSettings) {
  let stored = { ...initial };
  return (operation: string, variables: Record<string, unknown>) => {
    switch (operation) {
      case 'BotCompanySettings':
        return { data: { companySettings: { __typename: 'CompanySettings', ...stored } } };
      case 'BotUpdateCompanySettings': {
        stored = { ...stored, ...(variables.input as Partial<BotSettings>) };
        // The server applies 02 §4: the bot after a day off takes its auto-assign with it.
        if (!stored.isBotActiveAfterDay) stored.isBotAutoAssignActiveAfterDay = false;
        return { data: { updateCompanySettings: { __typename: 'CompanySettings', ...stored } } };
      }
      default:
        return undefined;
    }
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const botAfterDay = 'Bot activo después de 24 h';
const autoAfterDay = 'Asignación automática del bot después de 24 h';

describe('the Chatbot configuration tab', { timeout: 60_000 }, () => {
  it('turning off the bot after 24 h shows its auto-assign off and locked, as the server answered', async () => {
    const calls = renderWithGraphql(<ChatbotSettingsTab />, answer(INITIAL));
    const auto = await screen.findByRole('switch', { name: autoAfterDay });
    expect(auto.getAttribute('aria-checked')).toBe('true');
    expect((auto as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: botAfterDay }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: autoAfterDay }).getAttribute('aria-checked')).toBe('false'),
    );
    expect((screen.getByRole('switch', { name: autoAfterDay }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((c) => c.operationName === 'BotUpdateCompanySettings')?.variables).toEqual({
      input: { isBotActiveAfterDay: false },
    });
    // Back on, the auto-assign can be chosen again (it stays off until chosen). The switch takes a click again
    // once the first change is saved (it is disabled meanwhile: a click then was lost under CI load).
    await waitFor(() => {
      const bot = screen.getByRole('switch', { name: botAfterDay }) as HTMLButtonElement;
      expect(bot.getAttribute('aria-checked')).toBe('false');
      expect(bot.disabled).toBe(false);
    });
    fireEvent.click(screen.getByRole('switch', { name: botAfterDay }));
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: autoAfterDay }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.getByRole('switch', { name: autoAfterDay }).getAttribute('aria-checked')).toBe('false');
  });

  it('saves the tags that keep the bot away, and links to /bot', async () => {
    const calls = renderWithGraphql(<ChatbotSettingsTab />, answer(INITIAL));
    const select = await screen.findByTestId('setting-disableBotTagIds');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Interesado', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operationName === 'BotUpdateCompanySettings')?.variables).toEqual({
        input: { disableBotTagIds: [3] },
      }),
    );
    await waitFor(() => expect(select.textContent).toContain('Interesado'));
    expect(screen.getByRole('link', { name: /Configurar el bot/ }).getAttribute('href')).toBe('/bot');
  });

  it('is read-only with readBot alone', async () => {
    renderWithGraphql(<ChatbotSettingsTab />, answer(INITIAL), { role: 'groupadmin' });
    expect(((await screen.findByRole('switch', { name: botAfterDay })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (screen.getByRole('switch', { name: 'Mensaje de bienvenida' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('is a tab of /config for whoever holds readBot or writeBot', async () => {
    renderWithGraphql(<ConfigPage />, answer(INITIAL), { path: '/config?tab=chatbot' });
    expect(await screen.findByRole('tab', { name: 'Chatbot' })).toBeTruthy();
    expect(await screen.findByRole('switch', { name: botAfterDay })).toBeTruthy();
  });
});
