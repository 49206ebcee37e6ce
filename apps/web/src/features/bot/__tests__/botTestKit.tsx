import type { ChatbotMenu } from '@crm/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { MenuEditor } from '../menu/MenuEditor';
import { validateMenuTree } from '../menu/menuIssues';
import type { BotPickerData } from '../menu/NodeForm';

export const PICKERS: BotPickerData = {
  fields: [
    { id: 7, name: 'Correo', type: 'email', options: [] },
    { id: 8, name: 'Ciudad', type: 'list', options: ['CDMX', 'Monterrey'] },
  ],
  tags: [{ id: 3, name: 'Interesado', color: '#1677ff' }],
  agents: [{ id: 11, name: 'Laura Gómez' }],
  spaces: [{ id: 2, name: 'Ventas' }],
};

/** The two-level menu of the tests: Ventas (a sub-menu with two options) and Horario. */
export const TWO_LEVEL_MENU: ChatbotMenu = {
  greeting: 'Hola, ¿en qué te ayudamos?',
  options: [
    {
      id: 'o1',
      label: 'Ventas',
      action: {
        type: 'submenu',
        text: '¿Qué te interesa?',
        options: [
          {
            id: 'o3',
            label: 'Precios',
            action: { type: 'reply', text: 'Desde $100 al mes.', after: 'menu' },
          },
          { id: 'o4', label: 'Hablar con ventas', action: { type: 'assignSpace', spaceId: 2 } },
        ],
      },
    },
    {
      id: 'o2',
      label: 'Tu correo',
      action: { type: 'question', text: '¿Cuál es tu correo?', fieldKey: '7', after: 'handover' },
    },
  ],
  invalidText: '',
  handoverText: '',
};

/** The editor with the state /bot keeps around it; `latest.menu` is what would be saved. */
export function EditorHarness({
  initial,
  readOnly = false,
  latest,
}: {
  initial: ChatbotMenu;
  readOnly?: boolean;
  latest: { menu: ChatbotMenu };
}) {
  const [menu, setMenu] = useState(initial);
  latest.menu = menu;
  const issues = useMemo(() => validateMenuTree(menu), [menu]);
  return (
    <MemoryRouter>
      <MenuEditor menu={menu} onChange={setMenu} issues={issues} pickers={PICKERS} readOnly={readOnly} />
    </MemoryRouter>
  );
}

/** Picks an option of an antd Select found by its test id. */
export async function choose(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const options = await screen.findAllByText(label, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

/** The labels of a level of the tree as shown, in order ('1. Ventas'…), read from the rendered nodes. */
export function treeTitles(): string[] {
  return [...screen.getByTestId('bot-tree').querySelectorAll('[data-testid^="bot-node-o"]')].map(
    (node) => node.querySelector('.bot-tree-label')?.textContent?.trim() ?? '',
  );
}
