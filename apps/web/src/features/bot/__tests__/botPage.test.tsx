import { CHATBOT_MESSAGES, type ChatbotMenu, cleanChatbotMenu } from '@crm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BotPage } from '../../../pages/BotPage';
import { TWO_LEVEL_MENU } from './botTestKit';
import { CHANNEL, renderWithGraphql, validationError } from './graphqlKit';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/toast', () => ({
  toast: {
    error: (text: string) => toasts.push(text),
    success: (text: string) => toasts.push(text),
    warning: () => undefined,
    info: () => undefined,
    close: () => undefined,
  },
}));

const SANDBOX = { ...CHANNEL, id: 3, name: 'Canal de prueba', platform: 'sandbox' };

function setup(
  options: { stored?: ChatbotMenu | null; role?: 'admin' | 'groupadmin'; refuse?: boolean } = {},
) {
  let useChatbot = false;
  let stored = options.stored === undefined ? TWO_LEVEL_MENU : options.stored;
  const row = () =>
    stored ? { __typename: 'ChatbotMenuConfig', channelId: 1, menu: stored, updatedAt: '' } : null;
  return renderWithGraphql(
    <BotPage />,
    (operation, variables) => {
      switch (operation) {
        case 'BotChannels':
          return { data: { channels: [{ ...CHANNEL, useChatbot }, SANDBOX] } };
        case 'BotChatbotMenu':
          return { data: { chatbotMenu: variables.channelId === 1 ? row() : null } };
        case 'BotSaveChatbotMenu':
          if (options.refuse) return validationError('menu.options.1.label', 'Ya existe otra opción así.');
          stored = variables.menu as ChatbotMenu;
          return { data: { saveChatbotMenu: row() } };
        case 'BotSetChannelChatbot':
          useChatbot = variables.useChatbot as boolean;
          return { data: { setChannelChatbot: { __typename: 'Channel', id: 1, useChatbot } } };
        default:
          return undefined;
      }
    },
    { role: options.role },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.length = 0;
});

describe('/bot, Menú', { timeout: 60_000 }, () => {
  it('loads the channel’s menu, saves the edited one and switches the chatbot on', async () => {
    const calls = setup();
    expect(await screen.findByTestId('bot-node-o1')).toBeTruthy();
    expect(screen.getByTestId('bot-channel').textContent).toContain('WhatsApp Ventas');
    // The preview starts from the stored menu.
    expect(screen.getByTestId('bot-preview-log').textContent).toContain('Hola, ¿en qué te ayudamos?');

    fireEvent.change(screen.getByLabelText('Saludo'), { target: { value: '  ¡Hola! Elige una opción:  ' } });
    await waitFor(() =>
      expect(screen.getByTestId('bot-preview-log').textContent).toContain('¡Hola! Elige una opción:'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar menú' }));
    await waitFor(() => expect(toasts).toContain('Menú del chatbot guardado'));
    const saved = calls.find((call) => call.operationName === 'BotSaveChatbotMenu');
    expect(saved?.variables).toEqual({
      channelId: 1,
      menu: cleanChatbotMenu({ ...TWO_LEVEL_MENU, greeting: '¡Hola! Elige una opción:' }),
    });

    const chatbot = screen.getByRole('switch', { name: 'Chatbot activo' });
    expect(chatbot.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(chatbot);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Chatbot activo' }).getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    expect(calls.find((call) => call.operationName === 'BotSetChannelChatbot')?.variables).toEqual({
      id: 1,
      useChatbot: true,
    });
  });

  it('does not send a menu the shared rules refuse, and says why at the node', async () => {
    const calls = setup({ stored: null, refuse: true });
    expect(await screen.findByTestId('bot-node-root')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar menú' }));
    await waitFor(() => expect(toasts).toContain('Corrige lo señalado en el menú antes de guardar.'));
    expect(screen.getByTestId('bot-node-issue-root').textContent).toContain(
      CHATBOT_MESSAGES.greetingRequired,
    );
    expect(calls.some((call) => call.operationName === 'BotSaveChatbotMenu')).toBe(false);
  });

  it('shows the API’s refusal of a field at the node it names', async () => {
    setup({ refuse: true });
    expect(await screen.findByTestId('bot-node-o2')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Saludo'), { target: { value: 'Hola de nuevo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar menú' }));
    await waitFor(() =>
      expect(screen.getByTestId('bot-node-issue-o2').textContent).toContain('Ya existe otra opción así.'),
    );
  });

  it('is read-only with readBot alone', async () => {
    const calls = setup({ role: 'groupadmin' });
    expect(await screen.findByTestId('bot-node-o1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar menú' })).toBeNull();
    expect((screen.getByRole('switch', { name: 'Chatbot activo' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Saludo') as HTMLTextAreaElement).disabled).toBe(true);
    // The preview still works: it changes nothing.
    expect(screen.getByTestId('bot-preview-log').textContent).toContain('Hola, ¿en qué te ayudamos?');
    expect(calls.some((call) => /Save|Set/.test(call.operationName))).toBe(false);
  });

  it('switches channel from the selector and loads that channel’s menu', async () => {
    setup();
    expect(await screen.findByTestId('bot-node-o1')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Canal' }));
    fireEvent.click(
      await screen.findByText(/Canal de prueba/, { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() => expect(screen.queryByTestId('bot-node-o1')).toBeNull());
    expect((await screen.findByTestId('bot-node-root')).textContent).toContain('Sin saludo');
    expect(screen.getByTestId('bot-channel').textContent).toContain('Canal de prueba');
  });
});
