import { CHATBOT_MESSAGES, type ChatbotMenu } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { issueNode, validateMenuTree } from '../menu/menuIssues';
import {
  addOption,
  changeActionType,
  dropOption,
  moveOption,
  newOption,
  newOptionId,
  optionPath,
  ROOT_KEY,
  removeOption,
} from '../menu/menuTree';

const MENU: ChatbotMenu = {
  greeting: 'Hola, ¿en qué te ayudamos?',
  options: [
    {
      id: 'o1',
      label: 'Ventas',
      action: {
        type: 'submenu',
        text: '¿Qué te interesa?',
        options: [
          { id: 'o3', label: 'Precios', action: { type: 'reply', text: 'Desde $100', after: 'menu' } },
          { id: 'o4', label: 'Asesor', action: { type: 'handover' } },
        ],
      },
    },
    { id: 'o2', label: 'Horario', action: { type: 'reply', text: 'De 9 a 18 h', after: 'end' } },
  ],
};

const labels = (menu: ChatbotMenu) => menu.options.map((option) => option.label);
const subLabels = (menu: ChatbotMenu) => {
  const first = menu.options.find((option) => option.id === 'o1');
  return first?.action.type === 'submenu' ? first.action.options.map((option) => option.label) : [];
};

describe('the menu tree', () => {
  it('gives new options ids no option has, anywhere in the tree', () => {
    expect(newOptionId(MENU)).toBe('o5');
    const grown = addOption(MENU, 'o1', newOption(MENU));
    expect(newOptionId(grown)).toBe('o6');
  });

  it('adds to the root or to a sub-menu, and not under an option that is not a sub-menu', () => {
    const option = newOption(MENU, 'Envíos');
    expect(labels(addOption(MENU, ROOT_KEY, option))).toEqual(['Ventas', 'Horario', 'Envíos']);
    expect(subLabels(addOption(MENU, 'o1', option))).toEqual(['Precios', 'Asesor', 'Envíos']);
    expect(addOption(MENU, 'o2', option)).toBe(MENU);
  });

  it('moves an option among its siblings and stops at either end', () => {
    expect(labels(moveOption(MENU, 'o2', -1))).toEqual(['Horario', 'Ventas']);
    expect(subLabels(moveOption(MENU, 'o3', 1))).toEqual(['Asesor', 'Precios']);
    expect(moveOption(MENU, 'o1', -1).options).toEqual(MENU.options);
  });

  it('removes an option with its sub-menu', () => {
    const removed = removeOption(MENU, 'o1');
    expect(labels(removed)).toEqual(['Horario']);
    expect(optionPath(removed.options, 'o3')).toEqual([]);
  });

  it('drops into a sub-menu, before or after an option, never into itself', () => {
    expect(subLabels(dropOption(MENU, 'o2', { kind: 'inside', parentKey: 'o1' }))).toEqual([
      'Precios',
      'Asesor',
      'Horario',
    ]);
    const before = dropOption(MENU, 'o4', { kind: 'before', targetId: 'o1' });
    expect(labels(before)).toEqual(['Asesor', 'Ventas', 'Horario']);
    expect(optionPath(before.options, 'o3')).toEqual(['o1', 'o3']);
    expect(dropOption(MENU, 'o1', { kind: 'inside', parentKey: 'o1' })).toBe(MENU);
    expect(dropOption(MENU, 'o1', { kind: 'after', targetId: 'o3' })).toBe(MENU);
    expect(dropOption(MENU, 'o3', { kind: 'inside', parentKey: 'o2' })).toBe(MENU);
  });

  it('keeps the text when the action changes type, and what follows it where the type has one', () => {
    const changed = changeActionType({ type: 'reply', text: 'Hola', after: 'end' }, 'question');
    expect(changed).toEqual({ type: 'question', text: 'Hola', fieldKey: '', after: 'end' });
    expect(changeActionType(changed, 'submenu')).toEqual({ type: 'submenu', text: 'Hola', options: [] });
  });

  it("places the shared rule's problems at their node", () => {
    expect(issueNode(MENU, 'greeting')).toEqual({ key: ROOT_KEY, field: 'greeting' });
    expect(issueNode(MENU, 'options')).toEqual({ key: ROOT_KEY, field: 'options' });
    expect(issueNode(MENU, 'options.1.label')).toEqual({ key: 'o2', field: 'label' });
    expect(issueNode(MENU, 'options.0.action.options')).toEqual({ key: 'o1', field: 'action.options' });
    expect(issueNode(MENU, 'options.0.action.options.1.action.text')).toEqual({
      key: 'o4',
      field: 'action.text',
    });

    const broken = addOption(MENU, 'o1', {
      id: 'o9',
      label: ' ',
      action: { type: 'tag', tagId: 0, after: 'menu' },
    });
    const issues = validateMenuTree({ ...broken, greeting: '' });
    expect(issues.get(ROOT_KEY)).toEqual([{ field: 'greeting', message: CHATBOT_MESSAGES.greetingRequired }]);
    expect(issues.get('o9')).toEqual([
      { field: 'label', message: CHATBOT_MESSAGES.labelRequired },
      { field: 'action.tagId', message: CHATBOT_MESSAGES.tagRequired },
    ]);
    expect(validateMenuTree(MENU).size).toBe(0);
  });
});
