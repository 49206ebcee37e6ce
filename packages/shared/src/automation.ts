/**
 * Issue 17: the shapes of automation shared by the API, the web and the tests — the menu chatbot's tree, the state
 * a conversation's bot is in, what a bot turn asks the API to do, and the interactive message a menu goes out as.
 * The rules that act on them are pure functions in `rules/chatbot.ts`.
 */

/** A file a bot answer carries (an album file or an upload of ours). */
export interface ChatbotMedia {
  url: string;
  fileType: 'image' | 'video' | 'audio' | 'document';
  name?: string | null;
}

/** After an answer or a question: show the menu again, end the bot quietly, or hand over to a person. */
export type ChatbotAfter = 'menu' | 'end' | 'handover';

/** What choosing an option does (issue 17 "Menu chatbot"). */
export type ChatbotAction =
  /** Answers a text and/or a file. */
  | { type: 'reply'; text: string; media?: ChatbotMedia | null; after: ChatbotAfter }
  /** Asks a question and stores the answer in a data-sheet field, validated by the field's type. */
  | { type: 'question'; text: string; fieldKey: string; after: ChatbotAfter }
  /** Puts a tag on the conversation. */
  | { type: 'tag'; tagId: number; text?: string; after: ChatbotAfter }
  /** Opens a sub-menu. */
  | { type: 'submenu'; text: string; options: ChatbotOption[] }
  /** Assigns to an agent (when available; else as the company's assignment rules say), ending the bot. */
  | { type: 'assignAgent'; userId: number; text?: string }
  /** Assigns to one of a space's agents by the company's assignment rules, ending the bot. */
  | { type: 'assignSpace'; spaceId: number; text?: string }
  /** 'Hablar con un asesor': ends the bot; the conversation enters the inbox as usual. */
  | { type: 'handover'; text?: string };

export type ChatbotActionType = ChatbotAction['type'];

export interface ChatbotOption {
  /** Stable id, used as the interactive reply id; unique in the whole tree. */
  id: string;
  /** What the customer reads (a reply button shows 20 characters, a list row 24). */
  label: string;
  /** A list row's second line (72 characters). */
  description?: string;
  action: ChatbotAction;
}

/** A channel's menu chatbot: the greeting, the first level of options, and its own texts. */
export interface ChatbotMenu {
  greeting: string;
  options: ChatbotOption[];
  /** Said before the menu is repeated after an answer the bot does not understand. */
  invalidText?: string;
  /** Said when the bot hands over (an option, or too many answers not understood). */
  handoverText?: string;
}

/** Where a conversation's bot stands: the sub-menus entered (option ids from the top) and what it waits for. */
export interface ChatbotState {
  path: string[];
  /** A question waiting for its answer. */
  awaiting: { optionId: string; fieldKey: string } | null;
  /** Answers not understood in a row (the menu is repeated at most twice, then the bot hands over). */
  retries: number;
}

/** One option as a menu message offers it. */
export interface MenuChoice {
  id: string;
  title: string;
  description?: string;
}

/** A bot's message before it is sent: a menu goes out as buttons, a list or numbered text by channel. */
export type BotOutMessage =
  | { type: 'text'; text: string }
  | { type: 'media'; media: ChatbotMedia; caption?: string }
  | { type: 'menu'; text: string; choices: MenuChoice[] };

/** What a bot turn asks the API to do, in order. */
export type BotStep =
  | { kind: 'send'; message: BotOutMessage }
  | { kind: 'setField'; fieldKey: string; value: string }
  | { kind: 'tag'; tagId: number }
  | { kind: 'assignAgent'; userId: number }
  | { kind: 'assignSpace'; spaceId: number }
  /** The bot is done with this conversation; `handover` when a person should take it. */
  | { kind: 'finish'; reason: BotFinishReason };

export type BotFinishReason = 'handover' | 'assigned' | 'end' | 'retries' | 'agent' | 'disabledTag';

/**
 * The interactive message a menu becomes on a channel that has them (WhatsApp): up to 3 reply buttons, up to 10
 * list rows; the text lists the options numbered too, so typing the number works everywhere.
 */
export type InteractiveMessage =
  | { kind: 'buttons'; body: string; buttons: Array<{ id: string; title: string }> }
  | {
      kind: 'list';
      body: string;
      /** The button that opens the list. */
      button: string;
      rows: Array<{ id: string; title: string; description?: string }>;
    };

/** The survey a closed conversation was asked, waiting for (or holding) the customer's answer. */
export interface SurveyAnswerView {
  id: number;
  clientId: number;
  surveyConfigId: number | null;
  sentAt: string;
  answeredAt: string | null;
  value: number | null;
  optionText: string | null;
}

/** Spanish texts of automation the API answers with (issue 17). */
export const AUTOMATION_MESSAGES = {
  templatesWhatsAppOnly: 'Las plantillas solo se pueden enviar por WhatsApp.',
  templateOfOtherChannel: 'La plantilla no pertenece al canal de esta conversación.',
  templateNotApproved: 'La plantilla aún no ha sido aprobada por WhatsApp.',
  reportDateInvalid: 'Indica una fecha válida (AAAA-MM-DD).',
  reportRangeInvalid: 'La fecha inicial no puede ser posterior a la final.',
  reportChannelsInvalid: 'Los canales indicados no son válidos.',
} as const;

/**
 * A report's date bound (02 §7 /botFlow/clienInfo): an ISO instant, or a calendar day (YYYY-MM-DD, UTC) — as an
 * end bound a day counts whole. Null when it is neither.
 */
export function reportBound(value: unknown, end: boolean): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = new Date(`${text}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) return null;
    return end ? new Date(day.getTime() + 24 * 3600 * 1000) : day;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * A menu as plain text: its body, then one numbered line per option. It is what the inbox shows for a menu the
 * bot sent, and what a channel without interactive messages receives (the customer answers with the number).
 */
export function interactiveText(message: InteractiveMessage): string {
  const options = message.kind === 'buttons' ? message.buttons : message.rows;
  const lines = options.map((option, index) => `${index + 1}. ${option.title}`);
  return [message.body, '', ...lines].join('\n').trim();
}
