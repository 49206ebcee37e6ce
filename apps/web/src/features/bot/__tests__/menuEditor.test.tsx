import { CHATBOT_MESSAGES, type ChatbotMenu } from '@crm/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyMenu } from '../menu/menuTree';
import { choose, EditorHarness, TWO_LEVEL_MENU, treeTitles } from './botTestKit';

function setup(initial: ChatbotMenu, readOnly = false) {
  const latest = { menu: initial };
  render(<EditorHarness initial={initial} readOnly={readOnly} latest={latest} />);
  return latest;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const node = (id: string) => fireEvent.click(screen.getByTestId(`bot-node-${id}`));
const issueAt = (id: string) => screen.queryByTestId(`bot-node-issue-${id}`)?.textContent?.trim();

// Ant Design's tree and forms re-render on every keystroke; a busy CI machine needs more than the default 20 s.
describe('the menu tree editor', { timeout: 60_000 }, () => {
  it('builds a sub-menu with two options, with the shared rules at each node as it goes', async () => {
    const latest = setup(emptyMenu());
    // An empty menu says what is missing at the root.
    expect(issueAt('root')).toContain(CHATBOT_MESSAGES.greetingRequired);
    type('Saludo', 'Hola, ¿en qué te ayudamos?');
    expect(issueAt('root')).toContain(CHATBOT_MESSAGES.optionsRequired);

    fireEvent.click(screen.getByRole('button', { name: /Agregar opción$/ }));
    expect(await screen.findByText('Opción 1')).toBeTruthy();
    type('Texto de la opción', 'Ventas');
    await choose('bot-option-action', 'Submenú');
    type('Texto del submenú', '¿Qué te interesa?');
    // A sub-menu without options is the sub-menu's problem, shown on its node.
    expect(issueAt('o1')).toContain(CHATBOT_MESSAGES.submenuOptionsRequired);
    expect(issueAt('root')).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: /Agregar opción al submenú/ }));
    await waitFor(() => expect(treeTitles()).toEqual(['1. Ventas', '1. Nueva opción']));
    type('Texto de la opción', 'Precios');
    type('Respuesta', 'Desde $100 al mes.');
    node('o1');
    fireEvent.click(await screen.findByRole('button', { name: /Agregar opción al submenú/ }));
    await waitFor(() => expect(treeTitles()).toEqual(['1. Ventas', '1. Precios', '2. Nueva opción']));
    type('Texto de la opción', 'Envíos');
    type('Respuesta', 'Gratis en todo el país.');
    expect(issueAt('o1')).toBeUndefined();
    expect(screen.queryByTestId(/^bot-node-issue-/)).toBeNull();
    expect(latest.menu.options[0]).toEqual({
      id: 'o1',
      label: 'Ventas',
      action: {
        type: 'submenu',
        text: '¿Qué te interesa?',
        options: [
          {
            id: 'o2',
            label: 'Precios',
            action: { type: 'reply', text: 'Desde $100 al mes.', after: 'menu' },
          },
          {
            id: 'o3',
            label: 'Envíos',
            action: { type: 'reply', text: 'Gratis en todo el país.', after: 'menu' },
          },
        ],
      },
    });
  });

  it('reorders with the buttons, shows a problem at its node and field, and deletes after asking', async () => {
    const latest = setup(TWO_LEVEL_MENU);
    node('o4');
    expect(await screen.findByText('Opción 2')).toBeTruthy();
    // Reorder: 'Hablar con ventas' goes first; it cannot go further up, 'Precios' is now last.
    fireEvent.click(screen.getByRole('button', { name: 'Subir opción' }));
    await waitFor(() =>
      expect(treeTitles()).toEqual(['1. Ventas', '1. Hablar con ventas', '2. Precios', '2. Tu correo']),
    );
    expect((screen.getByRole('button', { name: 'Subir opción' }) as HTMLButtonElement).disabled).toBe(true);
    const submenu = latest.menu.options[0]?.action;
    expect(submenu?.type === 'submenu' && submenu.options.map((o) => o.id)).toEqual(['o4', 'o3']);
    // The first level moves the same way.
    node('o2');
    fireEvent.click(await screen.findByRole('button', { name: 'Subir opción' }));
    await waitFor(() =>
      expect(treeTitles()).toEqual(['1. Tu correo', '2. Ventas', '1. Hablar con ventas', '2. Precios']),
    );
    node('o4');
    expect(await screen.findByText('Opción 1')).toBeTruthy();

    // Validation at the node and at the field: an option without text.
    type('Texto de la opción', '  ');
    expect(issueAt('o4')).toContain(CHATBOT_MESSAGES.labelRequired);
    const form = screen.getByTestId('bot-option-form');
    expect(within(form).getByText(CHATBOT_MESSAGES.labelRequired)).toBeTruthy();

    // Delete asks first; the parent is selected after.
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar opción' }));
    const confirm = await screen.findByRole('button', { name: 'Eliminar' });
    fireEvent.click(confirm);
    await waitFor(() => expect(treeTitles()).toEqual(['1. Tu correo', '2. Ventas', '1. Precios']));
    expect(screen.queryByTestId('bot-node-issue-o4')).toBeNull();
    expect(latest.menu.options.map((o) => o.id)).toEqual(['o2', 'o1']);
    expect((screen.getByLabelText('Texto de la opción') as HTMLInputElement).value).toBe('Ventas');
  });

  it('points a question at a data-sheet field and a tag option at a tag, from the company lists', async () => {
    const latest = setup(TWO_LEVEL_MENU);
    node('o2');
    expect(await screen.findByText('Opción 2')).toBeTruthy();
    expect(screen.getByTestId('bot-action-field').textContent).toContain('Correo');
    await choose('bot-action-field', 'Ciudad');
    expect(latest.menu.options[1]?.action).toEqual({
      type: 'question',
      text: '¿Cuál es tu correo?',
      fieldKey: '8',
      after: 'handover',
    });
    await choose('bot-option-action', 'Etiquetar');
    expect(issueAt('o2')).toContain(CHATBOT_MESSAGES.tagRequired);
    await choose('bot-action-tag', 'Interesado');
    expect(latest.menu.options[1]?.action).toEqual({
      type: 'tag',
      tagId: 3,
      text: '¿Cuál es tu correo?',
      after: 'handover',
    });
    expect(issueAt('o2')).toBeUndefined();
  });

  it('is read-only without writeBot: no buttons, no editable fields', async () => {
    setup(TWO_LEVEL_MENU, true);
    expect(screen.queryByRole('button', { name: /Agregar opción$/ })).toBeNull();
    expect((screen.getByLabelText('Saludo') as HTMLTextAreaElement).disabled).toBe(true);
    node('o1');
    expect(await screen.findByText('Opción 1')).toBeTruthy();
    expect((screen.getByLabelText('Texto de la opción') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Subir opción' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar opción' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Agregar opción al submenú/ })).toBeNull();
  });
});
