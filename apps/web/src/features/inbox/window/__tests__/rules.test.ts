import { describe, expect, it } from 'vitest';
import { makeMessage } from '../../messages/testMessage';
import type { QuickAnswer } from '../api/quickAnswers.graphql';
import { checkAttachments } from '../attachments';
import { contentOfMessage, localMessage, sendInputOf } from '../drafts';
import { matchQuickAnswers, quickAnswerText, slashQuery } from '../quickAnswers';
import { composerMode, laterExpiry, remainingMinutesAt, windowLabel } from '../replyWindow';
import { fillTemplateBody, templateOptionText, templateReady, templateVariableCount } from '../templates';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('reply window', () => {
  it("counts down as 'Ventana: 23 h 12 min' and says when it is closed", () => {
    expect(windowLabel(23 * 60 + 12)).toBe('Ventana: 23 h 12 min');
    expect(windowLabel(45)).toBe('Ventana: 45 min');
    expect(windowLabel(6 * 1440 + 23 * 60 + 5)).toBe('Ventana: 6 d 23 h 5 min');
    expect(windowLabel(0)).toBe('Ventana cerrada');
  });

  it('reads the remaining minutes from the window end, closed under one whole minute', () => {
    const now = Date.parse('2026-01-15T12:00:00.000Z');
    const view = (windowExpiresAt: string | null) => ({ windowExpiresAt, windowRemainingTime: 99 });
    expect(remainingMinutesAt(view('2026-01-16T11:12:30.000Z'), now)).toBe(23 * 60 + 12);
    expect(remainingMinutesAt(view('2026-01-15T12:00:59.000Z'), now)).toBe(0);
    expect(remainingMinutesAt(view('2026-01-14T12:00:00.000Z'), now)).toBe(0);
    expect(remainingMinutesAt(view(null), now)).toBe(0);
  });

  it('keeps the later window end of the list and of the live events', () => {
    expect(laterExpiry('2026-01-15T12:00:00.000Z', '2026-01-16T12:00:00.000Z')).toBe(
      '2026-01-16T12:00:00.000Z',
    );
    expect(laterExpiry('2026-01-16T12:00:00.000Z', '2026-01-15T12:00:00.000Z')).toBe(
      '2026-01-16T12:00:00.000Z',
    );
    expect(laterExpiry(null, '2026-01-15T12:00:00.000Z')).toBe('2026-01-15T12:00:00.000Z');
  });

  it('offers templates only outside the window on WhatsApp-type channels, nothing on Messenger', () => {
    expect(composerMode('whatsapp_cloud', 10)).toBe('free');
    expect(composerMode('whatsapp_cloud', 0)).toBe('templates');
    expect(composerMode('dialog360', 0)).toBe('templates');
    expect(composerMode('sandbox', 0)).toBe('templates');
    expect(composerMode('messenger', 0)).toBe('messengerClosed');
    expect(composerMode('messenger', 5)).toBe('free');
    expect(composerMode('sms', 0)).toBe('closed');
  });
});

describe('quick answers', () => {
  const answers: QuickAnswer[] = [
    { id: 1, shortcut: 'horario', text: 'Abrimos de 9 a 18', file: null },
    { id: 2, shortcut: 'saludo', text: 'Hola {{nombre_cliente}}, soy {{nombre_agente}}.', file: null },
    { id: 3, shortcut: 'gracias_salida', text: 'Gracias', file: null },
  ];

  it('opens only while a slash starts the text and no space follows', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/sal')).toBe('sal');
    expect(slashQuery('/sal ')).toBeNull();
    expect(slashQuery('hola /sal')).toBeNull();
  });

  it('lists the shortcuts that start with the query first, then those that contain it', () => {
    expect(matchQuickAnswers(answers, 'sal').map((a) => a.id)).toEqual([2, 3]);
    expect(matchQuickAnswers(answers, 'SÁL').map((a) => a.id)).toEqual([2, 3]);
    expect(matchQuickAnswers(answers, '').map((a) => a.id)).toEqual([1, 2, 3]);
    expect(matchQuickAnswers(answers, 'xyz')).toEqual([]);
  });

  it("fills the lead's and the agent's names", () => {
    expect(quickAnswerText(answers[1] as QuickAnswer, 'Sheena', 'Ana Pérez')).toBe(
      'Hola Sheena, soy Ana Pérez.',
    );
  });
});

describe('templates', () => {
  const template = {
    id: 1,
    name: 'seguimiento_pedido',
    language: 'es',
    status: 'accepted',
    components: [{ type: 'BODY', text: 'Hola {{1}}, tu pedido {{2}} ya va en camino.' }],
    variables: 2,
  };

  it('asks one value per variable and previews the body with the values typed so far', () => {
    expect(templateVariableCount(template)).toBe(2);
    expect(templateVariableCount({ ...template, variables: 0 })).toBe(2);
    expect(fillTemplateBody('Hola {{1}}, tu pedido {{2}} ya va en camino.', ['Ana'])).toBe(
      'Hola Ana, tu pedido {{2}} ya va en camino.',
    );
    expect(templateReady(2, ['Ana', ' '])).toBe(false);
    expect(templateReady(2, ['Ana', '#512'])).toBe(true);
  });

  it('cuts the option text at 80 characters (02 §2)', () => {
    const long = { ...template, components: [{ type: 'BODY', text: 'x'.repeat(200) }] };
    expect(templateOptionText(long)).toHaveLength(81);
    expect(templateOptionText(long).endsWith('…')).toBe(true);
  });
});

describe('attachments (02 §5)', () => {
  it('refuses a video over 15 MB and anything over 100 MB with the exact message', () => {
    expect(checkAttachments(0, [file('demo.mp4', 'video/mp4', 16 * MB)]).error).toBe(
      'Archivo demasiado grande (máximo 15 MB)',
    );
    expect(checkAttachments(0, [file('catalogo.pdf', 'application/pdf', 101 * MB)]).error).toBe(
      'Archivo demasiado grande (máximo 100 MB)',
    );
  });

  it('refuses a type the conversation does not take, and an empty file', () => {
    expect(checkAttachments(0, [file('virus.exe', 'application/x-msdownload', 10)]).error).toBe(
      'Tipo de archivo no permitido',
    );
    expect(checkAttachments(0, [file('vacio.pdf', 'application/pdf', 0)]).error).toBe(
      'Archivo vacío o corrupto',
    );
  });

  it('keeps the first ten files, counting those already attached, and says the rest were dropped', () => {
    const files = Array.from({ length: 4 }, (_, i) => file(`foto${i}.jpg`, 'image/jpeg', 1000));
    const check = checkAttachments(8, files);
    expect(check.accepted.map((f) => f.name)).toEqual(['foto0.jpg', 'foto1.jpg']);
    expect(check.error).toBe('Límite de 10 archivos excedido');
    expect(check.toast).toBe('Solo puedes subir hasta 10 archivos. Algunos archivos fueron descartados');
  });

  it('names the invalid files when the reasons differ', () => {
    const check = checkAttachments(0, [
      file('a.exe', 'application/x-msdownload', 10),
      file('b.mp4', 'video/mp4', 16 * MB),
      file('c.png', 'image/png', 10),
    ]);
    expect(check.accepted.map((f) => f.name)).toEqual(['c.png']);
    expect(check.error).toBe('Algunos archivos no son válidos: a.exe, b.mp4');
  });
});

describe('send drafts', () => {
  it('sends a caption with the media and the quoted message id', () => {
    const input = sendInputOf(
      10,
      { kind: 'media', caption: 'Catálogo', media: { type: 'document', url: 'https://a.mx/c.pdf' } },
      'fakeId-1',
      5,
    );
    expect(input).toEqual({
      clientId: 10,
      fakeId: 'fakeId-1',
      quotedMsgId: 5,
      text: 'Catálogo',
      media: { type: 'document', url: 'https://a.mx/c.pdf' },
    });
  });

  it('rebuilds the content of a failed message to send it again', () => {
    expect(contentOfMessage(makeMessage({ type: 'text', content: 'Hola' }))).toEqual({
      kind: 'text',
      text: 'Hola',
    });
    expect(
      contentOfMessage(
        makeMessage({
          type: 'image',
          content: 'Sala',
          payload: { file: { url: 'https://a.mx/s.jpg', name: 's.jpg', mimeType: 'image/jpeg', weight: 10 } },
        }),
      ),
    ).toEqual({
      kind: 'media',
      caption: 'Sala',
      media: {
        type: 'image',
        url: 'https://a.mx/s.jpg',
        filename: 's.jpg',
        mimeType: 'image/jpeg',
        weight: 10,
      },
    });
    expect(
      contentOfMessage(
        makeMessage({
          type: 'template',
          content: 'bienvenida',
          payload: { template: { name: 'bienvenida', language: 'es', bodyParameters: ['Ana'] } },
        }),
      ),
    ).toMatchObject({
      kind: 'template',
      template: { name: 'bienvenida', language: 'es', bodyParameters: ['Ana'] },
    });
    expect(contentOfMessage(makeMessage({ type: 'image', payload: { file: { url: null } } }))).toBeNull();
  });

  it('shows a pending bubble with the quote and the fakeId', () => {
    const bubble = localMessage(
      { content: { kind: 'text', text: 'Claro' }, quote: { id: 4, content: '¿Tienen envío?', type: 'text' } },
      {
        localId: -1,
        fakeId: 'fakeId-x',
        clientId: 10,
        channelId: 3,
        senderUserId: 1,
        time: '2026-01-15T15:00:00.000Z',
      },
    );
    expect(bubble).toMatchObject({
      id: -1,
      fakeId: 'fakeId-x',
      sender: 'AGENT',
      messageStatus: 'pending',
      content: 'Claro',
      quotedMsgId: 4,
      quotedMsgBody: '¿Tienen envío?',
    });
  });
});
