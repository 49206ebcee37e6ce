import type {
  BotOutMessage,
  BotStep,
  ChatbotAction,
  ChatbotAfter,
  ChatbotMedia,
  ChatbotMenu,
  ChatbotOption,
  ChatbotState,
  MenuChoice,
} from '../automation';
import { matchMenuReply } from './chatbot-menu';

/**
 * Issue 17 "Menu chatbot": the rules of a channel's menu bot — what a menu may hold (validateChatbotMenu), and one
 * turn of a conversation with it (advanceChatbot). Both are pure: the API stores the state and runs the steps.
 */

export const CHATBOT_LIMITS = {
  greetingMax: 1024,
  textMax: 1024,
  optionsMin: 1,
  /** A WhatsApp list message holds at most 10 rows. */
  optionsMax: 10,
  /** A list row's title holds 24 characters. */
  labelMax: 24,
  /** A list row's description holds 72 characters. */
  descriptionMax: 72,
  /** A list row's id holds 200 characters. */
  idMax: 200,
  /** The first level counts as one. */
  depthMax: 5,
  /** Answers not understood that repeat the menu; the next one hands over. */
  retriesMax: 2,
} as const;

/** The reply id of the 'Volver' choice a sub-menu offers (typing 0 goes back too). */
export const CHATBOT_BACK_ID = 'chatbot-volver';
/** What a customer types to go back up from a sub-menu. */
export const CHATBOT_BACK_KEY = '0';

/** Spanish texts of the menu chatbot: the editor's validation and what the bot says by default. */
export const CHATBOT_MESSAGES = {
  menuInvalid: 'El menú del chatbot no es válido.',
  greetingRequired: 'Escribe el saludo del chatbot.',
  greetingTooLong: `El saludo no debe exceder los ${CHATBOT_LIMITS.greetingMax} caracteres.`,
  textTooLong: `El texto no debe exceder los ${CHATBOT_LIMITS.textMax} caracteres.`,
  optionsRequired: 'Agrega al menos una opción.',
  tooManyOptions: `Máximo ${CHATBOT_LIMITS.optionsMax} opciones por menú.`,
  optionInvalid: 'La opción no es válida.',
  idRequired: 'La opción necesita un identificador.',
  idTooLong: `El identificador no debe exceder los ${CHATBOT_LIMITS.idMax} caracteres.`,
  idDuplicated: 'Ya existe otra opción con este identificador.',
  idReserved: 'Este identificador está reservado para «Volver».',
  labelRequired: 'Escribe el texto de la opción.',
  labelTooLong: `El texto de la opción no debe exceder los ${CHATBOT_LIMITS.labelMax} caracteres.`,
  descriptionTooLong: `La descripción no debe exceder los ${CHATBOT_LIMITS.descriptionMax} caracteres.`,
  actionInvalid: 'Elige qué hace la opción.',
  afterInvalid: 'Elige qué pasa después: mostrar el menú, terminar o pasar con un asesor.',
  replyRequired: 'Escribe la respuesta o adjunta un archivo.',
  mediaInvalid: 'El archivo adjunto no es válido.',
  questionRequired: 'Escribe la pregunta.',
  fieldRequired: 'Elige el campo de la ficha donde se guarda la respuesta.',
  tagRequired: 'Elige la etiqueta.',
  submenuTextRequired: 'Escribe el texto del submenú.',
  submenuOptionsRequired: 'El submenú necesita al menos una opción.',
  agentRequired: 'Elige el agente.',
  spaceRequired: 'Elige el espacio.',
  tooDeep: `El menú admite como máximo ${CHATBOT_LIMITS.depthMax} niveles.`,
  /** What the API finds when the menu names something the company does not have. */
  channelNotFound: 'El canal no existe en tu empresa.',
  tagNotFound: 'La etiqueta no existe.',
  agentNotFound: 'El agente no existe en tu empresa.',
  spaceNotFound: 'El espacio no existe en tu empresa.',
  fieldNotFound: 'El campo de la ficha no existe.',
  /** What the bot says (defaults the menu can replace). */
  back: 'Volver',
  menuAgain: '¿Te podemos ayudar en algo más? Elige una opción:',
  invalidAnswer: 'No entendí tu respuesta. Elige una de las opciones:',
  handover: 'En un momento un asesor te atenderá.',
  answerRequired: 'Escribe tu respuesta.',
} as const;

/** The tag coldBot puts on a conversation (02 §6 'coldBot': tag as cold); predefined, created the first time. */
export const COLD_TAG_NAME = 'Frío';
export const COLD_TAG_COLOR = '#13c2c2';

export interface ChatbotMenuError {
  /** Where in the menu: `greeting`, `options.0.label`, `options.1.action.options.0.action.fieldKey`… */
  path: string;
  message: string;
}

type Loose = Record<string, unknown>;

function isRecord(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function isPositiveId(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

const AFTERS: readonly ChatbotAfter[] = ['menu', 'end', 'handover'];
const FILE_TYPES: readonly ChatbotMedia['fileType'][] = ['image', 'video', 'audio', 'document'];

/**
 * Every problem of a menu as the editor and the API report it (the API answers 400 with field `menu.<path>`):
 * a greeting, 1 to 10 options per level, each with a label (24 characters) and an id unique in the whole tree, and
 * an action complete for its type; at most 5 levels. Takes what a client sent, so it never trusts the shape.
 */
export function validateChatbotMenu(menu: ChatbotMenu): ChatbotMenuError[] {
  const errors: ChatbotMenuError[] = [];
  const raw: unknown = menu;
  if (!isRecord(raw)) return [{ path: '', message: CHATBOT_MESSAGES.menuInvalid }];
  const greeting = text(raw.greeting);
  if (!greeting) errors.push({ path: 'greeting', message: CHATBOT_MESSAGES.greetingRequired });
  else if (greeting.length > CHATBOT_LIMITS.greetingMax) {
    errors.push({ path: 'greeting', message: CHATBOT_MESSAGES.greetingTooLong });
  }
  for (const key of ['invalidText', 'handoverText'] as const) {
    const value = raw[key];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      errors.push({ path: key, message: CHATBOT_MESSAGES.menuInvalid });
    } else if (text(value).length > CHATBOT_LIMITS.textMax) {
      errors.push({ path: key, message: CHATBOT_MESSAGES.textTooLong });
    }
  }
  const seen = new Set<string>();
  validateLevel(raw.options, 'options', 1, seen, errors);
  return errors;
}

function validateLevel(
  options: unknown,
  path: string,
  depth: number,
  seen: Set<string>,
  errors: ChatbotMenuError[],
): void {
  if (!Array.isArray(options) || options.length < CHATBOT_LIMITS.optionsMin) {
    errors.push({
      path,
      message: depth === 1 ? CHATBOT_MESSAGES.optionsRequired : CHATBOT_MESSAGES.submenuOptionsRequired,
    });
    return;
  }
  if (options.length > CHATBOT_LIMITS.optionsMax) {
    errors.push({ path, message: CHATBOT_MESSAGES.tooManyOptions });
  }
  options.forEach((option: unknown, index) => {
    validateOption(option, `${path}.${index}`, depth, seen, errors);
  });
}

function validateOption(
  option: unknown,
  path: string,
  depth: number,
  seen: Set<string>,
  errors: ChatbotMenuError[],
): void {
  if (!isRecord(option)) {
    errors.push({ path, message: CHATBOT_MESSAGES.optionInvalid });
    return;
  }
  const id = text(option.id);
  if (!id) errors.push({ path: `${path}.id`, message: CHATBOT_MESSAGES.idRequired });
  else if (id.length > CHATBOT_LIMITS.idMax)
    errors.push({ path: `${path}.id`, message: CHATBOT_MESSAGES.idTooLong });
  else if (id === CHATBOT_BACK_ID) errors.push({ path: `${path}.id`, message: CHATBOT_MESSAGES.idReserved });
  else if (seen.has(id)) errors.push({ path: `${path}.id`, message: CHATBOT_MESSAGES.idDuplicated });
  else seen.add(id);
  const label = text(option.label);
  if (!label) errors.push({ path: `${path}.label`, message: CHATBOT_MESSAGES.labelRequired });
  else if (label.length > CHATBOT_LIMITS.labelMax) {
    errors.push({ path: `${path}.label`, message: CHATBOT_MESSAGES.labelTooLong });
  }
  if (option.description !== undefined && option.description !== null) {
    if (typeof option.description !== 'string') {
      errors.push({ path: `${path}.description`, message: CHATBOT_MESSAGES.optionInvalid });
    } else if (option.description.trim().length > CHATBOT_LIMITS.descriptionMax) {
      errors.push({ path: `${path}.description`, message: CHATBOT_MESSAGES.descriptionTooLong });
    }
  }
  validateAction(option.action, `${path}.action`, depth, seen, errors);
}

function validateAfter(action: Loose, path: string, errors: ChatbotMenuError[]): void {
  if (!AFTERS.includes(action.after as ChatbotAfter)) {
    errors.push({ path: `${path}.after`, message: CHATBOT_MESSAGES.afterInvalid });
  }
}

function validateText(
  action: Loose,
  path: string,
  required: string | null,
  errors: ChatbotMenuError[],
): void {
  const value = action.text;
  if (value !== undefined && value !== null && typeof value !== 'string') {
    errors.push({ path: `${path}.text`, message: CHATBOT_MESSAGES.menuInvalid });
    return;
  }
  const trimmed = text(value);
  if (required && !trimmed) errors.push({ path: `${path}.text`, message: required });
  else if (trimmed.length > CHATBOT_LIMITS.textMax) {
    errors.push({ path: `${path}.text`, message: CHATBOT_MESSAGES.textTooLong });
  }
}

function mediaValid(media: unknown): boolean {
  return (
    isRecord(media) &&
    /^https?:\/\/\S+$/i.test(text(media.url)) &&
    FILE_TYPES.includes(media.fileType as ChatbotMedia['fileType'])
  );
}

function validateAction(
  action: unknown,
  path: string,
  depth: number,
  seen: Set<string>,
  errors: ChatbotMenuError[],
): void {
  if (!isRecord(action)) {
    errors.push({ path, message: CHATBOT_MESSAGES.actionInvalid });
    return;
  }
  switch (action.type) {
    case 'reply': {
      const hasMedia = action.media !== undefined && action.media !== null;
      if (hasMedia && !mediaValid(action.media)) {
        errors.push({ path: `${path}.media`, message: CHATBOT_MESSAGES.mediaInvalid });
      }
      validateText(action, path, hasMedia ? null : CHATBOT_MESSAGES.replyRequired, errors);
      validateAfter(action, path, errors);
      return;
    }
    case 'question':
      validateText(action, path, CHATBOT_MESSAGES.questionRequired, errors);
      if (!text(action.fieldKey))
        errors.push({ path: `${path}.fieldKey`, message: CHATBOT_MESSAGES.fieldRequired });
      validateAfter(action, path, errors);
      return;
    case 'tag':
      if (!isPositiveId(action.tagId))
        errors.push({ path: `${path}.tagId`, message: CHATBOT_MESSAGES.tagRequired });
      validateText(action, path, null, errors);
      validateAfter(action, path, errors);
      return;
    case 'submenu':
      validateText(action, path, CHATBOT_MESSAGES.submenuTextRequired, errors);
      if (depth >= CHATBOT_LIMITS.depthMax) {
        errors.push({ path: `${path}.options`, message: CHATBOT_MESSAGES.tooDeep });
        return;
      }
      validateLevel(action.options, `${path}.options`, depth + 1, seen, errors);
      return;
    case 'assignAgent':
      if (!isPositiveId(action.userId))
        errors.push({ path: `${path}.userId`, message: CHATBOT_MESSAGES.agentRequired });
      validateText(action, path, null, errors);
      return;
    case 'assignSpace':
      if (!isPositiveId(action.spaceId)) {
        errors.push({ path: `${path}.spaceId`, message: CHATBOT_MESSAGES.spaceRequired });
      }
      validateText(action, path, null, errors);
      return;
    case 'handover':
      validateText(action, path, null, errors);
      return;
    default:
      errors.push({ path: `${path}.type`, message: CHATBOT_MESSAGES.actionInvalid });
  }
}

function optionalText(value: string | null | undefined): string | undefined {
  const trimmed = (value ?? '').trim();
  return trimmed ? trimmed : undefined;
}

/**
 * A valid menu as it is stored: texts trimmed, empty optional texts dropped, and nothing the tree does not
 * describe kept (a client cannot store arbitrary JSON beside it). Call after validateChatbotMenu found nothing.
 */
export function cleanChatbotMenu(menu: ChatbotMenu): ChatbotMenu {
  const cleanOption = (option: ChatbotOption): ChatbotOption => {
    const description = optionalText(option.description);
    return {
      id: option.id.trim(),
      label: option.label.trim(),
      ...(description ? { description } : {}),
      action: cleanAction(option.action),
    };
  };
  const cleanAction = (action: ChatbotAction): ChatbotAction => {
    const said = optionalText(action.text);
    const withText = said ? { text: said } : {};
    switch (action.type) {
      case 'reply': {
        const media = action.media
          ? {
              url: action.media.url.trim(),
              fileType: action.media.fileType,
              ...(optionalText(action.media.name) ? { name: optionalText(action.media.name) } : {}),
            }
          : null;
        return { type: 'reply', text: said ?? '', ...(media ? { media } : {}), after: action.after };
      }
      case 'question':
        return { type: 'question', text: said ?? '', fieldKey: action.fieldKey.trim(), after: action.after };
      case 'tag':
        return { type: 'tag', tagId: action.tagId, ...withText, after: action.after };
      case 'submenu':
        return { type: 'submenu', text: said ?? '', options: action.options.map(cleanOption) };
      case 'assignAgent':
        return { type: 'assignAgent', userId: action.userId, ...withText };
      case 'assignSpace':
        return { type: 'assignSpace', spaceId: action.spaceId, ...withText };
      case 'handover':
        return { type: 'handover', ...withText };
    }
  };
  const invalidText = optionalText(menu.invalidText);
  const handoverText = optionalText(menu.handoverText);
  return {
    greeting: menu.greeting.trim(),
    options: menu.options.map(cleanOption),
    ...(invalidText ? { invalidText } : {}),
    ...(handoverText ? { handoverText } : {}),
  };
}

/** Every option of the tree with the ids of the sub-menus above it, depth first. */
export function chatbotOptions(menu: ChatbotMenu): Array<{ option: ChatbotOption; path: string[] }> {
  const out: Array<{ option: ChatbotOption; path: string[] }> = [];
  const walk = (options: readonly ChatbotOption[], path: string[]): void => {
    for (const option of options) {
      out.push({ option, path });
      if (option.action.type === 'submenu') walk(option.action.options, [...path, option.id]);
    }
  };
  walk(menu.options, []);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// A turn of the bot.

export interface ChatbotInput {
  /** What the customer wrote (a button's or a list row's title for an interactive reply). */
  text: string;
  /** The id of the button or list row the customer chose, when they chose one. */
  replyId?: string;
}

export interface ChatbotContext {
  /** The Spanish reason an answer cannot go into the field, or null when it can (the field's type rules). */
  validateField(fieldKey: string, value: string): string | null;
}

export interface ChatbotTurn {
  /** Null when the bot is done with the conversation (the last step is then a `finish`). */
  state: ChatbotState | null;
  steps: BotStep[];
}

interface Level {
  /** What the menu message says above its choices. */
  text: string;
  options: ChatbotOption[];
  path: string[];
}

/** The level the path leads to; a path the menu no longer has (edited meanwhile) leads back to the first level. */
function levelAt(menu: ChatbotMenu, path: readonly string[]): Level {
  let level: Level = { text: menu.greeting, options: menu.options, path: [] };
  for (const id of path) {
    const option = level.options.find((o) => o.id === id);
    if (option?.action.type !== 'submenu') return { text: menu.greeting, options: menu.options, path: [] };
    level = { text: option.action.text, options: option.action.options, path: [...level.path, id] };
  }
  return level;
}

/** The choices a level offers: its options, then 'Volver' in a sub-menu while a list has room for it. */
export function chatbotChoices(options: readonly ChatbotOption[], inSubmenu: boolean): MenuChoice[] {
  const choices: MenuChoice[] = options.map((option) => ({
    id: option.id,
    title: option.label,
    ...(option.description ? { description: option.description } : {}),
  }));
  if (inSubmenu && choices.length < CHATBOT_LIMITS.optionsMax) {
    choices.push({ id: CHATBOT_BACK_ID, title: CHATBOT_MESSAGES.back });
  }
  return choices;
}

function menuMessage(level: Level, text: string): BotStep {
  const message: BotOutMessage = {
    type: 'menu',
    text,
    choices: chatbotChoices(level.options, level.path.length > 0),
  };
  return { kind: 'send', message };
}

function say(text: string): BotStep {
  return { kind: 'send', message: { type: 'text', text } };
}

function state(path: string[], retries = 0): ChatbotState {
  return { path, awaiting: null, retries };
}

function handoverSteps(
  menu: ChatbotMenu,
  text: string | undefined,
  reason: 'handover' | 'retries',
): BotStep[] {
  return [
    say(optionalText(text) ?? optionalText(menu.handoverText) ?? CHATBOT_MESSAGES.handover),
    { kind: 'finish', reason },
  ];
}

/** What follows an answer or a stored question: the same level's menu again, a quiet end, or a person. */
function afterward(menu: ChatbotMenu, level: Level, after: ChatbotAfter, steps: BotStep[]): ChatbotTurn {
  if (after === 'end') return { state: null, steps: [...steps, { kind: 'finish', reason: 'end' }] };
  if (after === 'handover')
    return { state: null, steps: [...steps, ...handoverSteps(menu, undefined, 'handover')] };
  const prompt = level.path.length === 0 ? CHATBOT_MESSAGES.menuAgain : level.text;
  return { state: state(level.path), steps: [...steps, menuMessage(level, prompt)] };
}

/** An answer not understood: the menu again with the menu's invalid text, twice at most; the third hands over. */
function notUnderstood(menu: ChatbotMenu, level: Level, retries: number): ChatbotTurn {
  const next = retries + 1;
  if (next > CHATBOT_LIMITS.retriesMax)
    return { state: null, steps: handoverSteps(menu, undefined, 'retries') };
  const invalid = optionalText(menu.invalidText) ?? CHATBOT_MESSAGES.invalidAnswer;
  return { state: state(level.path, next), steps: [menuMessage(level, invalid)] };
}

function choose(menu: ChatbotMenu, level: Level, option: ChatbotOption): ChatbotTurn {
  const action = option.action;
  switch (action.type) {
    case 'reply': {
      const steps: BotStep[] = [];
      const said = optionalText(action.text);
      if (said) steps.push(say(said));
      if (action.media) steps.push({ kind: 'send', message: { type: 'media', media: action.media } });
      return afterward(menu, level, action.after, steps);
    }
    case 'question':
      return {
        state: { path: level.path, awaiting: { optionId: option.id, fieldKey: action.fieldKey }, retries: 0 },
        steps: [say(action.text)],
      };
    case 'tag': {
      const steps: BotStep[] = [{ kind: 'tag', tagId: action.tagId }];
      const said = optionalText(action.text);
      if (said) steps.push(say(said));
      return afterward(menu, level, action.after, steps);
    }
    case 'submenu': {
      const inner: Level = { text: action.text, options: action.options, path: [...level.path, option.id] };
      return { state: state(inner.path), steps: [menuMessage(inner, action.text)] };
    }
    case 'assignAgent':
    case 'assignSpace': {
      const steps: BotStep[] = [];
      const said = optionalText(action.text);
      if (said) steps.push(say(said));
      steps.push(
        action.type === 'assignAgent'
          ? { kind: 'assignAgent', userId: action.userId }
          : { kind: 'assignSpace', spaceId: action.spaceId },
      );
      steps.push({ kind: 'finish', reason: 'assigned' });
      return { state: null, steps };
    }
    case 'handover':
      return { state: null, steps: handoverSteps(menu, action.text, 'handover') };
  }
}

/** The answer to a question: refused by the field's rules (asked again, counted), or stored and moved on. */
function answer(
  menu: ChatbotMenu,
  level: Level,
  current: ChatbotState,
  awaiting: NonNullable<ChatbotState['awaiting']>,
  input: ChatbotInput,
  ctx: ChatbotContext,
): ChatbotTurn {
  const value = input.text.trim();
  const option = level.options.find((o) => o.id === awaiting.optionId);
  const question = option?.action.type === 'question' ? option.action : null;
  const error = value === '' ? CHATBOT_MESSAGES.answerRequired : ctx.validateField(awaiting.fieldKey, value);
  if (error) {
    const retries = current.retries + 1;
    if (retries > CHATBOT_LIMITS.retriesMax)
      return { state: null, steps: handoverSteps(menu, undefined, 'retries') };
    const again = question ? `${error}\n${question.text}` : error;
    return { state: { path: level.path, awaiting, retries }, steps: [say(again)] };
  }
  // Stryker disable next-line StringLiteral: afterward shows the menu for anything but 'end' and 'handover'.
  return afterward(menu, level, question?.after ?? 'menu', [
    { kind: 'setField', fieldKey: awaiting.fieldKey, value },
  ]);
}

/**
 * One turn of a conversation with the menu bot. No state: a new session, greeted with the first menu. Else the
 * customer's message answers the question the bot asked, or chooses an option of the menu shown (by the button or
 * list row tapped, the number typed, or the option's text), '0' / 'Volver' going back up a sub-menu. The steps
 * say what to send and do, in order; a `finish` step ends the session (state null).
 */
export function advanceChatbot(
  menu: ChatbotMenu,
  current: ChatbotState | null,
  input: ChatbotInput,
  ctx: ChatbotContext,
): ChatbotTurn {
  if (menu.options.length === 0) return { state: null, steps: [{ kind: 'finish', reason: 'end' }] };
  if (!current) {
    // Stryker disable next-line ArrayDeclaration: levelAt answers the first level for any path the menu lacks.
    const top = levelAt(menu, []);
    return { state: state([]), steps: [menuMessage(top, menu.greeting)] };
  }
  const level = levelAt(menu, current.path);
  if (current.awaiting) return answer(menu, level, current, current.awaiting, input, ctx);
  const inSubmenu = level.path.length > 0;
  const choices = chatbotChoices(level.options, inSubmenu);
  const typedBack = !input.replyId && input.text.trim() === CHATBOT_BACK_KEY;
  const chosen = typedBack ? null : matchMenuReply(input, choices);
  if (inSubmenu && (typedBack || chosen?.id === CHATBOT_BACK_ID)) {
    const up = levelAt(menu, level.path.slice(0, -1));
    const prompt = up.path.length === 0 ? menu.greeting : up.text;
    return { state: state(up.path), steps: [menuMessage(up, prompt)] };
  }
  const option = chosen ? level.options.find((o) => o.id === chosen.id) : undefined;
  if (!option) return notUnderstood(menu, level, current.retries);
  return choose(menu, level, option);
}

// ---------------------------------------------------------------------------------------------------------
// Answers to data-sheet questions.

const YES = new Set(['si', 'sí', 's', 'yes', 'true', '1', 'claro', 'ok']);
const NO = new Set(['no', 'n', 'false', '0']);

/**
 * A customer's answer in the form the data sheet stores (02 §3 field types): 'sí'/'no' for a boolean field, a
 * day written DD/MM/AAAA for a date, a list choice whatever its capitals. Anything else is kept as typed, and the
 * field's own rules then decide (validateDatasheetValue).
 */
export function chatbotFieldAnswer(field: { type: string; options: readonly string[] }, raw: string): string {
  const value = raw.trim();
  switch (field.type) {
    case 'boolean': {
      const word = value.toLowerCase().replace(/[.!¡]/g, '');
      if (YES.has(word)) return 'true';
      if (NO.has(word)) return 'false';
      return value;
    }
    case 'date': {
      const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
      if (!match) return value;
      return `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
    }
    case 'list':
      return field.options.find((option) => option.toLowerCase() === value.toLowerCase()) ?? value;
    default:
      return value;
  }
}
