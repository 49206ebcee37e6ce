import {
  type ChatbotMenu,
  type ChatbotMenuError,
  type ChatbotOption,
  validateChatbotMenu,
} from '@crm/shared';
import { ROOT_KEY } from './menuTree';

/** A problem of the menu placed at its node: `field` is what is wrong there (`label`, `action.fieldKey`…). */
export interface MenuIssue {
  field: string;
  message: string;
}

/** The problems of each node, keyed by option id (ROOT_KEY for the greeting, its texts and the first level). */
export type MenuIssues = Map<string, MenuIssue[]>;

/**
 * Where validateChatbotMenu's path points: `options.1.action.options.0.label` is the label of the first option of
 * the second option's sub-menu. A path ending at a level (`options`, `….action.options`) belongs to the node that
 * holds the level (a sub-menu without options is the sub-menu's problem).
 */
export function issueNode(menu: ChatbotMenu, path: string): { key: string; field: string } {
  const segments = path.split('.');
  if (segments[0] !== 'options') return { key: ROOT_KEY, field: path };
  let level: readonly ChatbotOption[] = menu.options;
  let key = ROOT_KEY;
  let field = 'options';
  let at = 1;
  while (at < segments.length) {
    const option = level[Number(segments[at])];
    if (!option) break;
    key = option.id;
    const rest = segments.slice(at + 1);
    field = rest.join('.');
    const nested = rest[0] === 'action' && rest[1] === 'options' && rest[2] !== undefined;
    if (!nested || option.action.type !== 'submenu') break;
    level = option.action.options;
    at += 3;
  }
  return { key, field };
}

export function menuIssues(menu: ChatbotMenu, errors: readonly ChatbotMenuError[]): MenuIssues {
  const issues: MenuIssues = new Map();
  for (const error of errors) {
    const { key, field } = issueNode(menu, error.path);
    const list = issues.get(key) ?? [];
    list.push({ field, message: error.message });
    issues.set(key, list);
  }
  return issues;
}

/** The shared rules (the same the API applies on save), placed at the nodes of the tree. */
export function validateMenuTree(menu: ChatbotMenu): MenuIssues {
  return menuIssues(menu, validateChatbotMenu(menu));
}

/** The message for one field of a node, if any. */
export function fieldIssue(issues: readonly MenuIssue[] | undefined, field: string): string | undefined {
  return issues?.find((issue) => issue.field === field)?.message;
}
