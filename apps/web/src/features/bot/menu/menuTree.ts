import type { ChatbotAction, ChatbotActionType, ChatbotMenu, ChatbotOption } from '@crm/shared';

/**
 * The menu chatbot as the /bot editor changes it: pure functions over ChatbotMenu that answer a new menu, so the
 * editor keeps one immutable value (what is saved, validated and previewed is exactly what is on screen).
 */

/** The tree's root: the greeting and the first level of options. */
export const ROOT_KEY = 'root';

/** The action types in the order the editor offers them, with their Spanish names. */
export const ACTION_TYPE_LABELS: Record<ChatbotActionType, string> = {
  reply: 'Responder texto o archivo',
  question: 'Preguntar y guardar en la ficha',
  tag: 'Etiquetar',
  submenu: 'Submenú',
  assignAgent: 'Asignar a un agente',
  assignSpace: 'Asignar a un espacio',
  handover: 'Hablar con un asesor',
};

export const ACTION_TYPES = Object.keys(ACTION_TYPE_LABELS) as ChatbotActionType[];

export function emptyMenu(): ChatbotMenu {
  return { greeting: '', options: [], invalidText: '', handoverText: '' };
}

/** Every option of the tree, depth first, in the order the customer would read them. */
export function allOptions(options: readonly ChatbotOption[]): ChatbotOption[] {
  return options.flatMap((option) =>
    option.action.type === 'submenu' ? [option, ...allOptions(option.action.options)] : [option],
  );
}

/** An id no option of the menu has: `o1`, `o2`… (stable and readable in the saved JSON). */
export function newOptionId(menu: ChatbotMenu): string {
  const taken = new Set(allOptions(menu.options).map((option) => option.id));
  let next = taken.size + 1;
  while (taken.has(`o${next}`)) next += 1;
  return `o${next}`;
}

export function findOption(options: readonly ChatbotOption[], id: string): ChatbotOption | null {
  for (const option of options) {
    if (option.id === id) return option;
    if (option.action.type === 'submenu') {
      const found = findOption(option.action.options, id);
      if (found) return found;
    }
  }
  return null;
}

/** The ids from the top down to the option (itself last); empty when it is not in the tree. */
export function optionPath(options: readonly ChatbotOption[], id: string): string[] {
  for (const option of options) {
    if (option.id === id) return [id];
    if (option.action.type === 'submenu') {
      const below = optionPath(option.action.options, id);
      if (below.length > 0) return [option.id, ...below];
    }
  }
  return [];
}

/** The options of a level: the first level for the root, a sub-menu's own options, else null. */
export function childrenOf(menu: ChatbotMenu, parentKey: string): ChatbotOption[] | null {
  if (parentKey === ROOT_KEY) return menu.options;
  const parent = findOption(menu.options, parentKey);
  return parent?.action.type === 'submenu' ? parent.action.options : null;
}

/** The options with the level that holds `parentKey`'s children replaced by `change(children)`. */
function mapLevel(
  options: ChatbotOption[],
  parentKey: string,
  change: (children: ChatbotOption[]) => ChatbotOption[],
): ChatbotOption[] {
  return options.map((option) => {
    if (option.action.type !== 'submenu') return option;
    const nested =
      option.id === parentKey
        ? change(option.action.options)
        : mapLevel(option.action.options, parentKey, change);
    return nested === option.action.options
      ? option
      : { ...option, action: { ...option.action, options: nested } };
  });
}

function changeLevel(
  menu: ChatbotMenu,
  parentKey: string,
  change: (children: ChatbotOption[]) => ChatbotOption[],
): ChatbotMenu {
  if (parentKey === ROOT_KEY) return { ...menu, options: change(menu.options) };
  return { ...menu, options: mapLevel(menu.options, parentKey, change) };
}

/** The key of the level an option sits in: the root or its sub-menu's id. */
export function parentKeyOf(menu: ChatbotMenu, id: string): string | null {
  const path = optionPath(menu.options, id);
  if (path.length === 0) return null;
  return path.length === 1 ? ROOT_KEY : (path[path.length - 2] ?? ROOT_KEY);
}

/** A new option that answers a text, ready to be edited. */
export function newOption(menu: ChatbotMenu, label = 'Nueva opción'): ChatbotOption {
  return { id: newOptionId(menu), label, action: { type: 'reply', text: '', after: 'menu' } };
}

/** Appends the option to the root or to a sub-menu; unchanged when the parent cannot hold options. */
export function addOption(menu: ChatbotMenu, parentKey: string, option: ChatbotOption): ChatbotMenu {
  if (!childrenOf(menu, parentKey)) return menu;
  return changeLevel(menu, parentKey, (children) => [...children, option]);
}

export function updateOption(
  menu: ChatbotMenu,
  id: string,
  change: (option: ChatbotOption) => ChatbotOption,
): ChatbotMenu {
  const parent = parentKeyOf(menu, id);
  if (parent === null) return menu;
  return changeLevel(menu, parent, (children) =>
    children.map((option) => (option.id === id ? change(option) : option)),
  );
}

/** Removes the option (and, for a sub-menu, everything under it). */
export function removeOption(menu: ChatbotMenu, id: string): ChatbotMenu {
  const parent = parentKeyOf(menu, id);
  if (parent === null) return menu;
  return changeLevel(menu, parent, (children) => children.filter((option) => option.id !== id));
}

/** Moves the option one place up (-1) or down (+1) among its siblings; unchanged at either end. */
export function moveOption(menu: ChatbotMenu, id: string, delta: -1 | 1): ChatbotMenu {
  const parent = parentKeyOf(menu, id);
  if (parent === null) return menu;
  return changeLevel(menu, parent, (children) => {
    const from = children.findIndex((option) => option.id === id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= children.length) return children;
    const next = [...children];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    return next;
  });
}

/** Where a dragged option lands: inside a sub-menu (last), or before or after another option. */
export type DropPlace =
  | { kind: 'inside'; parentKey: string }
  | { kind: 'before' | 'after'; targetId: string };

/**
 * Moves an option by drag and drop. Refused (menu unchanged) when it would land inside itself or its own
 * sub-menus, or inside something that is not a sub-menu.
 */
export function dropOption(menu: ChatbotMenu, id: string, place: DropPlace): ChatbotMenu {
  const moving = findOption(menu.options, id);
  if (!moving) return menu;
  const anchor = place.kind === 'inside' ? place.parentKey : place.targetId;
  if (anchor === id) return menu;
  if (anchor !== ROOT_KEY && optionPath(menu.options, anchor).includes(id)) return menu;
  if (place.kind === 'inside' && !childrenOf(menu, place.parentKey)) return menu;
  const without = removeOption(menu, id);
  if (place.kind === 'inside') return addOption(without, place.parentKey, moving);
  const parent = parentKeyOf(without, place.targetId);
  if (parent === null) return menu;
  return changeLevel(without, parent, (children) => {
    const at = children.findIndex((option) => option.id === place.targetId);
    const next = [...children];
    next.splice(place.kind === 'before' ? at : at + 1, 0, moving);
    return next;
  });
}

/** The text an action says (sub-menus and questions always say one; the others may). */
export function actionText(action: ChatbotAction): string {
  return action.text ?? '';
}

/**
 * The action of another type, keeping what still applies (its text, what follows it, a sub-menu's options when
 * it stays a sub-menu), with empty references the editor then asks for.
 */
export function changeActionType(action: ChatbotAction, type: ChatbotActionType): ChatbotAction {
  if (action.type === type) return action;
  const text = actionText(action);
  const after = 'after' in action ? action.after : 'menu';
  switch (type) {
    case 'reply':
      return { type, text, media: null, after };
    case 'question':
      return { type, text, fieldKey: '', after };
    case 'tag':
      return { type, tagId: 0, text, after };
    case 'submenu':
      return { type, text, options: [] };
    case 'assignAgent':
      return { type, userId: 0, text };
    case 'assignSpace':
      return { type, spaceId: 0, text };
    case 'handover':
      return { type, text };
  }
}

/** A deep copy for the editor's starting state, with the texts the editor edits present (not undefined). */
export function normalizeMenu(menu: ChatbotMenu | null | undefined): ChatbotMenu {
  if (!menu) return emptyMenu();
  return {
    greeting: menu.greeting ?? '',
    options: structuredClone(menu.options ?? []),
    invalidText: menu.invalidText ?? '',
    handoverText: menu.handoverText ?? '',
  };
}
