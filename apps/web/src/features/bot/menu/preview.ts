import {
  advanceChatbot,
  type BotFinishReason,
  type BotOutMessage,
  type BotStep,
  type ChatbotInput,
  type ChatbotMenu,
  type ChatbotState,
  chatbotFieldAnswer,
  validateDatasheetValue,
} from '@crm/shared';
import { fieldByKey, type KeyedField } from './fieldKeys';

/**
 * The /bot preview: a conversation with the menu as it is on screen, run by the same shared rules the API runs
 * (advanceChatbot), in the browser. Nothing is sent or stored; what the API would do besides sending (store an
 * answer, tag, assign, finish) shows as a note.
 */

export type PreviewEntry =
  | { from: 'customer'; text: string }
  | { from: 'bot'; message: BotOutMessage }
  | { from: 'note'; text: string };

export interface PreviewSession {
  state: ChatbotState | null;
  entries: PreviewEntry[];
  /** The bot finished (handed over, assigned or ended): the customer now talks to people. */
  finished: boolean;
}

/** The names the notes use for what the steps point at. */
export interface PreviewNames {
  fields: readonly KeyedField[];
  tags: ReadonlyArray<{ id: number; name: string }>;
  agents: ReadonlyArray<{ id: number; name: string }>;
  spaces: ReadonlyArray<{ id: number; name: string }>;
}

const FINISH_NOTES: Record<BotFinishReason, string> = {
  handover: 'El bot termina: la conversación pasa a la bandeja para que la atienda un asesor.',
  assigned: 'El bot termina: la conversación queda asignada.',
  end: 'El bot termina aquí.',
  retries: 'Demasiadas respuestas no entendidas: la conversación pasa con un asesor.',
  agent: 'El bot termina: un agente respondió.',
  disabledTag: 'El bot no responde a conversaciones con esta etiqueta.',
};

function nameOf(list: ReadonlyArray<{ id: number; name: string }>, id: number, fallback: string): string {
  return list.find((item) => item.id === id)?.name ?? fallback;
}

function stepEntry(step: BotStep, names: PreviewNames): PreviewEntry {
  switch (step.kind) {
    case 'send':
      return { from: 'bot', message: step.message };
    case 'setField': {
      const field = fieldByKey(names.fields, step.fieldKey);
      const value = field ? chatbotFieldAnswer(field, step.value) : step.value;
      return { from: 'note', text: `Se guarda «${value}» en el campo «${field?.name ?? step.fieldKey}».` };
    }
    case 'tag':
      return {
        from: 'note',
        text: `Se etiqueta la conversación con «${nameOf(names.tags, step.tagId, 'etiqueta')}».`,
      };
    case 'assignAgent':
      return { from: 'note', text: `Se asigna a ${nameOf(names.agents, step.userId, 'un agente')}.` };
    case 'assignSpace':
      return {
        from: 'note',
        text: `Se asigna a un agente del espacio «${nameOf(names.spaces, step.spaceId, 'espacio')}».`,
      };
    case 'finish':
      return { from: 'note', text: FINISH_NOTES[step.reason] };
  }
}

/** The answer checked as the API checks it: converted to the field's form, then the field's type rules. */
function validateField(names: PreviewNames) {
  return (fieldKey: string, value: string): string | null => {
    const field = fieldByKey(names.fields, fieldKey);
    if (!field) return null;
    return validateDatasheetValue(field, chatbotFieldAnswer(field, value));
  };
}

function turn(
  menu: ChatbotMenu,
  session: PreviewSession,
  input: ChatbotInput,
  names: PreviewNames,
): PreviewSession {
  const result = advanceChatbot(menu, session.state, input, { validateField: validateField(names) });
  return {
    state: result.state,
    entries: [...session.entries, ...result.steps.map((step) => stepEntry(step, names))],
    finished: result.state === null,
  };
}

/** A new customer writes first: the bot greets with the first menu. */
export function startPreview(menu: ChatbotMenu, names: PreviewNames, firstText = 'Hola'): PreviewSession {
  const opened: PreviewSession = {
    state: null,
    entries: [{ from: 'customer', text: firstText }],
    finished: false,
  };
  return turn(menu, opened, { text: firstText }, names);
}

/** The customer answers: a typed text, or a tapped button or list row (its id and title). */
export function previewReply(
  menu: ChatbotMenu,
  session: PreviewSession,
  input: ChatbotInput,
  names: PreviewNames,
): PreviewSession {
  if (session.finished) return session;
  const withCustomer: PreviewSession = {
    ...session,
    entries: [...session.entries, { from: 'customer', text: input.text }],
  };
  return turn(menu, withCustomer, input, names);
}
