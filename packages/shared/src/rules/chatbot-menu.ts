import { type InteractiveMessage, interactiveText, type MenuChoice } from '../automation';
import { stripAccents } from './search';

/**
 * Issue 17: how a bot's menu goes out (reply buttons, a list, or numbered text) and how the customer's answer is
 * read back (a tapped button or row, a typed number, the option's title).
 *
 * The limits are the WhatsApp Cloud API's (developers.facebook.com/documentation/business-messaging/whatsapp/
 * messages/interactive-reply-buttons-messages and …/interactive-list-messages): a text over its limit makes
 * Meta refuse the whole message, so every text is cut with '…' instead; ids are never cut, since the reply
 * comes back with them.
 */
export const WHATSAPP_INTERACTIVE_LIMITS = {
  /** Reply buttons: 1 to 3, body text up to 1024 characters. */
  maxButtons: 3,
  buttonBody: 1024,
  /** A button's title: up to 20 characters, unique within the message. */
  buttonTitle: 20,
  buttonId: 256,
  /** A list: up to 10 rows over all its sections, body text up to 4096 characters. */
  maxRows: 10,
  listBody: 4096,
  /** The button that opens the list. */
  listButton: 20,
  rowTitle: 24,
  rowDescription: 72,
  rowId: 200,
} as const;

/** Spanish texts a menu falls back to when the bot's configuration leaves them empty. */
export const CHATBOT_MENU_TEXTS = {
  listButton: 'Ver opciones',
  emptyBody: 'Elige una opción',
  choice: (position: number) => `Opción ${position}`,
} as const;

const ELLIPSIS = '…';

/**
 * The text cut to `max` characters, ending in '…' when cut. Characters are counted as UTF-16 units (what
 * `length` counts, never fewer than Meta's count) and the cut never splits an emoji's surrogate pair.
 */
export function truncateText(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  let kept = '';
  for (const char of trimmed) {
    if (kept.length + char.length > max - ELLIPSIS.length) break;
    kept += char;
  }
  return `${kept.trimEnd()}${ELLIPSIS}`;
}

function titleOf(choice: MenuChoice, index: number, max: number): string {
  return truncateText(choice.title, max) || truncateText(CHATBOT_MENU_TEXTS.choice(index + 1), max);
}

/** Titles made unique (WhatsApp refuses two buttons with the same title): a repeated one gets ' (2)', ' (3)'. */
function uniqueTitles(titles: string[], max: number): string[] {
  const used = new Set<string>();
  return titles.map((title) => {
    let candidate = title;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1) {
      const suffix = ` (${n})`;
      candidate = `${truncateText(title.replace(/…$/, ''), max - suffix.length)}${suffix}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Ids must reach the provider whole and tell the options apart; when they cannot, the menu goes as text. */
function idsUsable(choices: MenuChoice[], max: number): boolean {
  const ids = choices.map((choice) => choice.id);
  return ids.every((id) => id.trim() !== '' && id.length <= max) && new Set(ids).size === ids.length;
}

/**
 * The menu as an interactive message: up to 3 choices as reply buttons, 4 to 10 as a list opened by
 * `listButton`. Null when it cannot be one (no choices, more than 10, ids too long or repeated): the caller then
 * sends `menuText`, answered by number.
 */
export function menuInteractive(
  text: string,
  choices: MenuChoice[],
  listButton: string = CHATBOT_MENU_TEXTS.listButton,
): InteractiveMessage | null {
  const limits = WHATSAPP_INTERACTIVE_LIMITS;
  if (choices.length === 0 || choices.length > limits.maxRows) return null;
  if (choices.length <= limits.maxButtons) {
    if (!idsUsable(choices, limits.buttonId)) return null;
    const titles = uniqueTitles(
      choices.map((choice, index) => titleOf(choice, index, limits.buttonTitle)),
      limits.buttonTitle,
    );
    return {
      kind: 'buttons',
      body: truncateText(text, limits.buttonBody) || CHATBOT_MENU_TEXTS.emptyBody,
      buttons: choices.map((choice, index) => ({ id: choice.id, title: titles[index] as string })),
    };
  }
  if (!idsUsable(choices, limits.rowId)) return null;
  return {
    kind: 'list',
    body: truncateText(text, limits.listBody) || CHATBOT_MENU_TEXTS.emptyBody,
    button:
      truncateText(listButton, limits.listButton) ||
      truncateText(CHATBOT_MENU_TEXTS.listButton, limits.listButton),
    rows: choices.map((choice, index) => {
      const description = truncateText(choice.description ?? '', limits.rowDescription);
      const row = { id: choice.id, title: titleOf(choice, index, limits.rowTitle) };
      return description ? { ...row, description } : row;
    }),
  };
}

/** The menu as plain text: the text, then one numbered line per choice (what a channel without buttons gets). */
export function menuText(text: string, choices: MenuChoice[]): string {
  // Stryker disable next-line StringLiteral: interactiveText reads neither the button nor 'list' (anything but 'buttons' lists rows).
  return interactiveText({ kind: 'list', body: text.trim(), button: '', rows: choices });
}

/** Lower case, no accents, no surrounding spaces or end punctuation, single spaces. */
function normalized(text: string): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[¡¿\s]+|[.!?;:,\s]+$/g, '');
}

// "2", "2.", "2)", "#2", "opción 2", "opcion #2", "número 2", "la 2" — what people type to pick by number.
const NUMBER_ANSWER = /^(?:(?:opcion|opc|op|numero|num|nro|la|el)\.?\s*)?#?\s*(\d{1,3})\s*[.)\-:]?$/;

/**
 * The choice a customer's answer picks, or null: the tapped button or row (its reply id), a typed number (1 is
 * the first choice), or the choice's title typed out (case and accents ignored; a title cut with '…' by a
 * channel matches the one choice it begins).
 */
export function matchMenuReply(
  input: { text: string; replyId?: string },
  choices: MenuChoice[],
): MenuChoice | null {
  if (input.replyId) {
    const byId = choices.find((choice) => choice.id === input.replyId);
    if (byId) return byId;
  }
  const answer = normalized(input.text ?? '');
  if (answer === '') return null;
  const number = NUMBER_ANSWER.exec(answer);
  if (number) return choices[Number(number[1]) - 1] ?? null;

  const byTitle = choices.find((choice) => normalized(choice.title) === answer);
  if (byTitle) return byTitle;
  // "2. Ventas": the number and the title of the same choice.
  const numbered = /^(\d{1,3})\s*[.)\-:]\s*(.+)$/.exec(answer);
  if (numbered) {
    const choice = choices[Number(numbered[1]) - 1];
    if (choice && normalized(choice.title) === numbered[2]) return choice;
  }
  // A title a channel cut ("Consulta de factur…"): the one choice it is the start of.
  const cut = (input.text ?? '').trim();
  if (cut.endsWith(ELLIPSIS)) {
    const start = normalized(cut.slice(0, -ELLIPSIS.length));
    const candidates = choices.filter((choice) => start !== '' && normalized(choice.title).startsWith(start));
    if (candidates.length === 1) return candidates[0] as MenuChoice;
  }
  return null;
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function optionsOf(value: unknown): Array<{ id: string; title: string; description?: string }> | null {
  if (!Array.isArray(value)) return null;
  const options = value.flatMap((option) =>
    isJson(option) && typeof option.id === 'string' && typeof option.title === 'string'
      ? [
          typeof option.description === 'string' && option.description.trim() !== ''
            ? { id: option.id, title: option.title, description: option.description }
            : { id: option.id, title: option.title },
        ]
      : [],
  );
  return options.length > 0 ? options : null;
}

/**
 * The menu a stored message carries (`payload.interactive` of a message the bot sent), checked field by field
 * since payloads are JSON; null for anything else, such as a customer's reply (`{ replyId, title }`).
 */
export function interactiveMessageOf(payload: unknown): InteractiveMessage | null {
  const interactive = isJson(payload) ? payload.interactive : null;
  if (!isJson(interactive) || typeof interactive.body !== 'string') return null;
  if (interactive.kind === 'buttons') {
    const buttons = optionsOf(interactive.buttons);
    return buttons
      ? {
          kind: 'buttons',
          body: interactive.body,
          buttons: buttons.map(({ id, title }) => ({ id, title })),
        }
      : null;
  }
  if (interactive.kind === 'list') {
    const rows = optionsOf(interactive.rows);
    const button = typeof interactive.button === 'string' ? interactive.button : '';
    return rows
      ? { kind: 'list', body: interactive.body, button: button || CHATBOT_MENU_TEXTS.listButton, rows }
      : null;
  }
  return null;
}
