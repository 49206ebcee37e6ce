import { userMessageFor } from './errors';
import { VALIDATION_MESSAGES } from './rules/validation';

// The columns hold 120 characters.
export const SPACE_NAME_MAX = 120;
export const CHANNEL_NAME_MAX = 120;

/** 02 §3 Space image: the product's image rules (01 §5: jpg, jpeg, png). */
export const SPACE_IMAGE_MIME_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

export const SPACE_MESSAGES = {
  nameTooLong: `El nombre no debe exceder los ${SPACE_NAME_MAX} caracteres`,
  channelNameTooLong: `El nombre no debe exceder los ${CHANNEL_NAME_MAX} caracteres`,
  spaceNotFound: 'El espacio no existe.',
  channelNotFound: 'El canal no existe.',
  channelRequired: 'Selecciona un canal.',
  chatbotNeedsActiveChannel: 'Activa el canal antes de encender el chatbot.',
} as const;

export interface SpaceDraft {
  name: string | null | undefined;
  channelIds: readonly number[] | null | undefined;
}

export interface SpaceDraftError {
  code: 'ERROR_EMPTY_SPACE_NAME' | 'ERROR_EMPTY_CHANNELS' | 'VALIDATION_ERROR';
  field: 'spaceName' | 'channels';
  message: string;
}

/** 02 §5 "Space: a name and at least one channel", in the order the form shows them. */
export function validateSpaceDraft(draft: SpaceDraft): SpaceDraftError | null {
  const name = draft.name?.trim() ?? '';
  if (name === '')
    return {
      code: 'ERROR_EMPTY_SPACE_NAME',
      field: 'spaceName',
      message: userMessageFor('ERROR_EMPTY_SPACE_NAME'),
    };
  if (name.length > SPACE_NAME_MAX)
    return { code: 'VALIDATION_ERROR', field: 'spaceName', message: SPACE_MESSAGES.nameTooLong };
  if (!draft.channelIds || draft.channelIds.length === 0)
    return {
      code: 'ERROR_EMPTY_CHANNELS',
      field: 'channels',
      message: userMessageFor('ERROR_EMPTY_CHANNELS'),
    };
  return null;
}

/** A channel's new name, or the Spanish reason it is refused. */
export function channelNameError(name: string | null | undefined): string | null {
  const value = name?.trim() ?? '';
  if (value === '') return VALIDATION_MESSAGES.nameRequired;
  if (value.length > CHANNEL_NAME_MAX) return SPACE_MESSAGES.channelNameTooLong;
  return null;
}

/** Two space names are the same for the company whatever their case and surrounding spaces. */
export function spaceNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('es');
}
