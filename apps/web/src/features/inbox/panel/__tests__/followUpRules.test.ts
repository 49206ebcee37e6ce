import { FOLLOW_UP_MESSAGES } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import {
  draftFromFollowUp,
  emptyDraft,
  type FollowUpDraft,
  fileTypeFromUrl,
  fillTemplate,
  followUpInput,
  hasErrors,
  templateBodyText,
  validateFollowUpDraft,
} from '../followUp';
import { TEMPLATES } from './panelTestKit';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const IN_ONE_HOUR = new Date('2026-03-01T13:00:00.000Z');
const WINDOW_OPEN_UNTIL = '2026-03-01T20:00:00.000Z';
const TEMPLATE = TEMPLATES[0] ?? null;

function draft(patch: Partial<FollowUpDraft>): FollowUpDraft {
  return { ...emptyDraft(), ...patch };
}

function check(d: FollowUpDraft, windowExpiresAt: string | null = WINDOW_OPEN_UNTIL) {
  const template = d.templateId === TEMPLATE?.id ? TEMPLATE : null;
  return validateFollowUpDraft(d, { now: NOW, windowExpiresAt, template });
}

describe('follow-up form validation', () => {
  it('asks for the send time and the text of an empty form', () => {
    const errors = check(emptyDraft());
    expect(errors.sendAt).toBe('Elige la fecha y hora de envío');
    expect(errors.content).toBe('Escribe el mensaje o elige una plantilla.');
  });

  it('refuses a send time that is not in the future', () => {
    expect(check(draft({ sendAt: NOW, content: 'Hola' })).sendAt).toBe(
      'La fecha de envío debe ser posterior a este momento.',
    );
    expect(check(draft({ sendAt: new Date('2026-02-28T12:00:00Z'), content: 'Hola' })).sendAt).toBe(
      FOLLOW_UP_MESSAGES.sendAtPast,
    );
  });

  it('accepts free text due while the reply window is still open', () => {
    expect(hasErrors(check(draft({ sendAt: IN_ONE_HOUR, content: '¿Pudiste revisarlo?' })))).toBe(false);
  });

  it('asks for a template when the window will be closed at the send time', () => {
    const late = new Date('2026-03-02T12:00:00.000Z');
    expect(check(draft({ sendAt: late, content: 'Hola' })).mode).toBe(FOLLOW_UP_MESSAGES.windowClosed);
    expect(check(draft({ sendAt: IN_ONE_HOUR, content: 'Hola' }), null).mode).toBe(
      FOLLOW_UP_MESSAGES.windowClosed,
    );
  });

  it('needs a template chosen, and every one of its variables', () => {
    expect(check(draft({ sendAt: IN_ONE_HOUR, mode: 'template' })).templateId).toBe('Elige una plantilla');
    const missing = check(
      draft({ sendAt: IN_ONE_HOUR, mode: 'template', templateId: 21, variables: ['Ana', ' '] }),
    );
    expect(missing.variables).toEqual([null, 'Campo obligatorio']);
    const complete = check(
      draft({
        sendAt: new Date('2026-03-05T12:00:00Z'),
        mode: 'template',
        templateId: 21,
        variables: ['Ana', 'A-1'],
      }),
    );
    // A template may go out after the window closes.
    expect(hasErrors(complete)).toBe(false);
  });

  it('checks the optional file URL', () => {
    expect(check(draft({ sendAt: IN_ONE_HOUR, fileUrl: 'archivo.pdf' })).fileUrl).toBe(
      'URL del archivo inválida',
    );
    const withFile = check(draft({ sendAt: IN_ONE_HOUR, fileUrl: 'https://cdn.example.com/catalogo.pdf' }));
    // A file alone is a message.
    expect(hasErrors(withFile)).toBe(false);
  });

  it('refuses text over 4096 characters', () => {
    expect(check(draft({ sendAt: IN_ONE_HOUR, content: 'a'.repeat(4097) })).content).toBe(
      'El mensaje es demasiado largo',
    );
  });
});

describe('follow-up input', () => {
  it('sends free text with no template', () => {
    expect(followUpInput(draft({ sendAt: IN_ONE_HOUR, content: '  Hola  ' }), null)).toEqual({
      sendAt: '2026-03-01T13:00:00.000Z',
      content: 'Hola',
      templateId: null,
      variables: [],
      file: null,
    });
  });

  it('sends a template with exactly its variables and the file by URL', () => {
    const input = followUpInput(
      draft({
        sendAt: IN_ONE_HOUR,
        mode: 'template',
        content: 'ignored',
        templateId: 21,
        variables: [' Ana ', 'A-1', 'extra'],
        fileUrl: 'https://cdn.example.com/fotos/sala%20azul.jpg?v=2',
      }),
      TEMPLATE,
    );
    expect(input).toEqual({
      sendAt: '2026-03-01T13:00:00.000Z',
      content: null,
      templateId: 21,
      variables: ['Ana', 'A-1'],
      file: {
        url: 'https://cdn.example.com/fotos/sala%20azul.jpg?v=2',
        name: 'sala azul.jpg',
        fileType: 'image',
      },
    });
  });

  it('guesses the file kind from its extension', () => {
    expect(fileTypeFromUrl('https://x.mx/a.MP4')).toBe('video');
    expect(fileTypeFromUrl('https://x.mx/a.png')).toBe('image');
    expect(fileTypeFromUrl('https://x.mx/lista.xlsx')).toBe('document');
  });

  it('previews the template body with the typed values', () => {
    const body = templateBodyText(TEMPLATE?.components ?? []);
    expect(body).toBe('Hola {{1}}, tu pedido {{2}} ya va en camino.');
    expect(fillTemplate(body, ['Ana'])).toBe('Hola Ana, tu pedido {{2}} ya va en camino.');
  });

  it('reloads a stored follow-up into the form', () => {
    const back = draftFromFollowUp({
      sendAt: '2026-03-01T13:00:00.000Z',
      content: '',
      templateId: 21,
      variables: ['Ana', 'A-1'],
      file: { url: 'https://x.mx/a.pdf', fileType: 'document' },
    });
    expect(back).toEqual({
      sendAt: IN_ONE_HOUR,
      mode: 'template',
      content: '',
      templateId: 21,
      variables: ['Ana', 'A-1'],
      fileUrl: 'https://x.mx/a.pdf',
    });
  });
});
