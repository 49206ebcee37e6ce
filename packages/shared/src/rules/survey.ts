import type { MenuChoice } from '../automation';
import { matchMenuReply } from './chatbot-menu';

/**
 * Issue 17, satisfaction surveys (02 §3 "Survey config"): a channel's survey is an opening text and up to 10
 * options, each with the value it scores (what the ratings average), its place in the menu and an optional text
 * the bot answers when the customer picks it. It goes out as reply buttons or a list (`menuInteractive`) and is
 * answered by the button, the row, the option's number or its title — or its value typed out.
 */
export const SURVEY_LIMITS = {
  /** A list message holds 10 rows (WHATSAPP_INTERACTIVE_LIMITS.maxRows). */
  optionsMax: 10,
  /** A reply-buttons body holds 1024 characters. */
  initTextMax: 1024,
  /** Longer than a button (20) or a row (24): cut with '…' when sent, matched whole when typed. */
  optionTextMax: 100,
  endTextMax: 1024,
  /** The answer is stored in an integer column. */
  valueMin: -2_147_483_648,
  valueMax: 2_147_483_647,
} as const;

/** What the survey form and the API say about a survey, in the same words. */
export const SURVEY_MESSAGES = {
  initTextRequired: 'Escribe el texto de la encuesta.',
  initTextTooLong: `El texto de la encuesta no debe exceder los ${SURVEY_LIMITS.initTextMax} caracteres.`,
  optionsRequired: 'Agrega al menos una opción.',
  optionsTooMany: `La encuesta admite como máximo ${SURVEY_LIMITS.optionsMax} opciones.`,
  optionTextRequired: 'Escribe el texto de la opción.',
  optionTextTooLong: `El texto de la opción no debe exceder los ${SURVEY_LIMITS.optionTextMax} caracteres.`,
  optionValueInvalid: 'El valor de la opción debe ser un número entero.',
  optionValueRepeated: 'Cada opción debe tener un valor distinto.',
  optionIndexInvalid: 'La posición de la opción debe ser un número entero mayor o igual a 0.',
  endTextTooLong: `El texto final no debe exceder los ${SURVEY_LIMITS.endTextMax} caracteres.`,
  optionNotFound: 'La opción no pertenece a esta encuesta.',
  channelHasSurvey: 'Este canal ya tiene una encuesta.',
  channelNotFound: 'El canal no existe.',
  surveyNotFound: 'La encuesta no existe.',
  optionsNotFound: 'Las opciones no existen.',
  lastOptionDelete: 'La encuesta debe conservar al menos una opción.',
  noPendingSurvey: 'La conversación no tiene una encuesta pendiente de respuesta.',
  valueNotAnOption: 'Elige uno de los valores de la encuesta.',
} as const;

/** One option as the form or the API receives it; `id` names an option the survey already has. */
export interface SurveyOptionDraft {
  id?: number | null;
  text: string;
  value: number;
  index?: number | null;
  endText?: string | null;
}

export interface SurveyDraft {
  initText: string;
  options: readonly SurveyOptionDraft[];
}

export interface SurveyDraftError {
  /** 'initText', 'options', or 'options.<i>.<text|value|index|endText>' (i: the option's place in the input). */
  field: string;
  message: string;
}

/** The first thing wrong with a survey, in form order, or null (02 §5 "Survey": the rules of its calls). */
export function validateSurveyDraft(draft: SurveyDraft): SurveyDraftError | null {
  const initText = draft.initText?.trim() ?? '';
  if (initText === '') return { field: 'initText', message: SURVEY_MESSAGES.initTextRequired };
  if (initText.length > SURVEY_LIMITS.initTextMax) {
    return { field: 'initText', message: SURVEY_MESSAGES.initTextTooLong };
  }
  const options = draft.options ?? [];
  if (options.length === 0) return { field: 'options', message: SURVEY_MESSAGES.optionsRequired };
  if (options.length > SURVEY_LIMITS.optionsMax) {
    return { field: 'options', message: SURVEY_MESSAGES.optionsTooMany };
  }
  const values = new Set<number>();
  for (const [i, option] of options.entries()) {
    const at = (name: string) => `options.${i}.${name}`;
    const text = option.text?.trim() ?? '';
    if (text === '') return { field: at('text'), message: SURVEY_MESSAGES.optionTextRequired };
    if (text.length > SURVEY_LIMITS.optionTextMax) {
      return { field: at('text'), message: SURVEY_MESSAGES.optionTextTooLong };
    }
    const value = option.value;
    if (
      typeof value !== 'number' ||
      !Number.isInteger(value) ||
      value < SURVEY_LIMITS.valueMin ||
      value > SURVEY_LIMITS.valueMax
    ) {
      return { field: at('value'), message: SURVEY_MESSAGES.optionValueInvalid };
    }
    if (values.has(value)) return { field: at('value'), message: SURVEY_MESSAGES.optionValueRepeated };
    values.add(value);
    const index = option.index;
    if (index !== undefined && index !== null && (!Number.isSafeInteger(index) || index < 0)) {
      return { field: at('index'), message: SURVEY_MESSAGES.optionIndexInvalid };
    }
    if ((option.endText?.trim() ?? '').length > SURVEY_LIMITS.endTextMax) {
      return { field: at('endText'), message: SURVEY_MESSAGES.endTextTooLong };
    }
  }
  return null;
}

/** A stored option (02 §3 Survey config options). */
export interface SurveyOptionLike {
  id: number;
  text: string;
  value: number;
  index: number;
  endText: string;
}

/** The options in the order the customer sees them: by index, then as stored. */
export function orderedSurveyOptions<T extends SurveyOptionLike>(options: readonly T[]): T[] {
  return options
    .map((option, position) => ({ option, position }))
    .sort((a, b) => a.option.index - b.option.index || a.position - b.position)
    .map(({ option }) => option);
}

/** The reply id of an option: what its button or list row carries and comes back with. */
export function surveyChoiceId(optionId: number): string {
  return `survey:${optionId}`;
}

/** The survey's options as menu choices, in order (for `menuInteractive` / `menuText`). */
export function surveyChoices(options: readonly SurveyOptionLike[]): MenuChoice[] {
  return orderedSurveyOptions(options).map((option) => ({
    id: surveyChoiceId(option.id),
    title: option.text,
  }));
}

/**
 * The option a customer's message picks, or null: the tapped button or row, the option's number as the message
 * listed it, its title, or — when the number is no option's place — the option whose value it is (a customer
 * asked "del 1 al 10" types the score).
 */
export function surveyOptionForReply<T extends SurveyOptionLike>(
  reply: { text: string; replyId?: string },
  options: readonly T[],
): T | null {
  const ordered = orderedSurveyOptions(options);
  const choice = matchMenuReply(reply, surveyChoices(ordered));
  if (choice) return ordered.find((option) => surveyChoiceId(option.id) === choice.id) ?? null;
  const typed = /^\s*(-?\d{1,10})\s*[.!]?\s*$/.exec(reply.text ?? '');
  if (!typed) return null;
  const value = Number(typed[1]);
  return ordered.find((option) => option.value === value) ?? null;
}
