import { fileNameTooLongMessage } from './rules/uploads';
import { VALIDATION_MESSAGES, validateQuickAnswerShortcut } from './rules/validation';

// The column holds 60 characters; WhatsApp caps a text message at 4096.
export const QUICK_ANSWER_SHORTCUT_MAX = 60;
export const QUICK_ANSWER_TEXT_MAX = 4096;
export const QUICK_ANSWER_FILE_NAME_MAX = 255;

export const QUICK_ANSWER_MESSAGES = {
  shortcutTooLong: `El atajo no debe exceder los ${QUICK_ANSWER_SHORTCUT_MAX} caracteres`,
  textTooLong: `El texto no debe exceder los ${QUICK_ANSWER_TEXT_MAX} caracteres`,
  textRequired: VALIDATION_MESSAGES.required,
  fileNameTooLong: fileNameTooLongMessage(QUICK_ANSWER_FILE_NAME_MAX),
  notFound: 'La respuesta rápida no existe.',
} as const;

/**
 * 02 §5: the shortcut as stored (without its '/'), or the Spanish reason it is refused. The API takes it with or
 * without the slash, since the form sends it without its first character.
 */
export function parseQuickAnswerShortcut(
  raw: string | null | undefined,
): { ok: true; shortcut: string } | { ok: false; error: string } {
  const value = (raw ?? '').trim();
  const withSlash = value.startsWith('/') ? value : `/${value}`;
  const error = validateQuickAnswerShortcut(value === '' ? '' : withSlash);
  if (error) return { ok: false, error };
  const shortcut = withSlash.slice(1);
  if (shortcut.length > QUICK_ANSWER_SHORTCUT_MAX)
    return { ok: false, error: QUICK_ANSWER_MESSAGES.shortcutTooLong };
  return { ok: true, shortcut };
}

/** A quick answer needs a text unless it carries a file (the file is then the message). */
export function validateQuickAnswerText(text: string | null | undefined, hasFile: boolean): string | null {
  const value = text ?? '';
  if (value.trim() === '' && !hasFile) return QUICK_ANSWER_MESSAGES.textRequired;
  if (value.length > QUICK_ANSWER_TEXT_MAX) return QUICK_ANSWER_MESSAGES.textTooLong;
  return null;
}

/** parseQuickAnswerShortcut as a form rule: the message, or null when the shortcut is valid. */
export function quickAnswerShortcutError(raw: string | null | undefined): string | null {
  const parsed = parseQuickAnswerShortcut(raw);
  return parsed.ok ? null : parsed.error;
}
