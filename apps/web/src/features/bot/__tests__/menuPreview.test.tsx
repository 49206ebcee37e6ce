import { CHATBOT_MESSAGES, type ChatbotMenu } from '@crm/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MenuPreview } from '../menu/MenuPreview';
import { PICKERS, TWO_LEVEL_MENU } from './botTestKit';

function setup(menu: ChatbotMenu) {
  render(
    <MemoryRouter>
      <MenuPreview menu={menu} names={PICKERS} />
    </MemoryRouter>,
  );
}

/** Every line of the chat in order: 'cliente: …', 'bot: …', 'nota: …'. */
function chat(): string[] {
  const log = screen.getByTestId('bot-preview-log');
  return [...log.children].map((entry) => {
    const who = entry.getAttribute('data-testid');
    const text = entry.querySelector('.bot-preview-text')?.textContent ?? entry.textContent ?? '';
    return `${who === 'bot-preview-customer' ? 'cliente' : who === 'bot-preview-bot' ? 'bot' : 'nota'}: ${text}`;
  });
}

/** The choices of the last menu the bot sent, as buttons. */
function lastChoices(): HTMLElement[] {
  const menus = screen.getAllByTestId('bot-preview-bot').filter((bubble) => bubble.querySelector('button'));
  const last = menus[menus.length - 1];
  return last ? within(last).getAllByRole('button') : [];
}

const tap = (title: RegExp) => {
  const button = lastChoices().find((candidate) => title.test(candidate.textContent ?? ''));
  if (!button) throw new Error(`no choice ${title}`);
  fireEvent.click(button);
};

const write = (text: string) => {
  fireEvent.change(screen.getByLabelText('Mensaje del cliente'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
};

describe('the menu preview', () => {
  it('walks two levels by tapping and typing, and shows what the API would do', async () => {
    setup(TWO_LEVEL_MENU);
    expect(chat()).toEqual(['cliente: Hola', 'bot: Hola, ¿en qué te ayudamos?']);
    expect(lastChoices().map((button) => button.textContent)).toEqual(['1. Ventas', '2. Tu correo']);

    tap(/Ventas/);
    await waitFor(() => expect(chat()).toHaveLength(4));
    expect(chat().slice(2)).toEqual(['cliente: Ventas', 'bot: ¿Qué te interesa?']);
    expect(lastChoices().map((button) => button.textContent)).toEqual([
      '1. Precios',
      '2. Hablar con ventas',
      `3. ${CHATBOT_MESSAGES.back}`,
    ]);

    tap(/Precios/);
    await waitFor(() =>
      expect(chat().slice(4)).toEqual([
        'cliente: Precios',
        'bot: Desde $100 al mes.',
        'bot: ¿Qué te interesa?',
      ]),
    );
    // An earlier menu cannot be answered any more.
    const buttons = screen.getAllByTestId('bot-preview-bot')[0]?.querySelectorAll('button') ?? [];
    expect([...buttons].every((button) => (button as HTMLButtonElement).disabled)).toBe(true);

    write('2');
    await waitFor(() =>
      expect(chat().slice(7)).toEqual([
        'cliente: 2',
        'nota: Se asigna a un agente del espacio «Ventas».',
        'nota: El bot termina: la conversación queda asignada.',
      ]),
    );
    expect((screen.getByLabelText('Mensaje del cliente') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Reiniciar vista previa' }));
    await waitFor(() => expect(chat()).toEqual(['cliente: Hola', 'bot: Hola, ¿en qué te ayudamos?']));
    expect((screen.getByLabelText('Mensaje del cliente') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('link', { name: 'Probar en el simulador' }).getAttribute('href')).toBe(
      '/simulador',
    );
  });

  it('asks again when the answer does not fit the data-sheet field, stores a good one and hands over', async () => {
    setup(TWO_LEVEL_MENU);
    write('tu correo');
    await waitFor(() => expect(chat().slice(2)).toEqual(['cliente: tu correo', 'bot: ¿Cuál es tu correo?']));
    write('no tengo');
    await waitFor(() => expect(chat()[5]).toBe('bot: Correo inválido\n¿Cuál es tu correo?'));
    write('ana@example.com');
    await waitFor(() =>
      expect(chat().slice(6)).toEqual([
        'cliente: ana@example.com',
        'nota: Se guarda «ana@example.com» en el campo «Correo».',
        `bot: ${CHATBOT_MESSAGES.handover}`,
        'nota: El bot termina: la conversación pasa a la bandeja para que la atienda un asesor.',
      ]),
    );
  });

  it('repeats the menu with the invalid text twice, then hands over', async () => {
    setup({ ...TWO_LEVEL_MENU, invalidText: 'Elige un número de la lista.' });
    write('¿precio?');
    write('nada');
    write('otra cosa');
    await waitFor(() => expect(chat()).toHaveLength(9));
    expect(chat().filter((line) => line === 'bot: Elige un número de la lista.')).toHaveLength(2);
    expect(chat().slice(-2)).toEqual([
      `bot: ${CHATBOT_MESSAGES.handover}`,
      'nota: Demasiadas respuestas no entendidas: la conversación pasa con un asesor.',
    ]);
  });

  it('asks for options before there is anything to try', () => {
    setup({ greeting: 'Hola', options: [] });
    expect(screen.getByText('Agrega opciones al menú para probarlo aquí.')).toBeTruthy();
  });
});
