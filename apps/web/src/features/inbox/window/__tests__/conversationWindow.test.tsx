import { ApolloProvider } from '@apollo/client/react';
import type { ConversationView, MessageView, RoleName } from '@crm/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../../lib/apollo';
import { makeMe } from '../../../../test/fixtures';
import { emit } from '../../../../test/socketStub';
import { SessionContext } from '../../../session/SessionContext';
import { makeMessage } from '../../messages/testMessage';
import { ConversationWindow } from '../ConversationWindow';
import { type GraphqlCall, type GraphqlReply, jsonResponse, stubGraphql } from './graphqlStub';
import { makeConversation } from './testConversation';

vi.mock('../../../../lib/socket', async () => (await import('../../../../test/socketStub')).socketModule);

const QUICK_ANSWERS = [
  {
    id: 2,
    shortcut: 'saludo',
    text: 'Hola {{nombre_cliente}}, soy {{nombre_agente}}. ¿En qué te puedo ayudar?',
    file: null,
  },
];

const TEMPLATES = [
  {
    id: 1,
    name: 'bienvenida',
    language: 'es',
    status: 'accepted',
    components: [
      { type: 'BODY', text: 'Hola {{1}}, gracias por contactarnos. ¿Te podemos ayudar con algo más?' },
    ],
    variables: 1,
  },
  {
    id: 2,
    name: 'seguimiento_pedido',
    language: 'es',
    status: 'accepted',
    components: [{ type: 'BODY', text: 'Hola {{1}}, tu pedido {{2}} ya va en camino.' }],
    variables: 2,
  },
];

// Apollo matches fragments by __typename, which a real server always sends.
const typed = <T extends object>(__typename: string, value: T) => ({ __typename, ...value });

const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60000).toISOString();

function customer(id: number, content: string, minutes = 60 - id): MessageView {
  return makeMessage({
    id,
    content,
    sender: 'CLIENT',
    time: minutesAgo(minutes),
    createdAt: minutesAgo(minutes),
  });
}

/** Stored copy of what sendMessage was given, as the API answers it. */
function storedFrom(variables: Record<string, unknown>, id: number): MessageView {
  const input = variables.input as {
    clientId: number;
    text?: string;
    fakeId?: string;
    quotedMsgId?: number;
    template?: { name: string };
  };
  return makeMessage({
    id,
    clientId: input.clientId,
    sender: 'AGENT',
    type: input.template ? 'template' : 'text',
    content: input.template?.name ?? input.text ?? '',
    payload: input.template ? { template: input.template } : null,
    messageStatus: 'pending',
    messageApiId: null,
    fakeId: input.fakeId ?? null,
    quotedMsgId: input.quotedMsgId ?? null,
    time: new Date().toISOString(),
    createdAt: new Date().toISOString(),
  });
}

interface Setup {
  pages?: MessageView[][];
  send?: (variables: Record<string, unknown>) => GraphqlReply | Promise<GraphqlReply>;
}

function setup(conversation: ConversationView, { pages = [[]], send }: Setup = {}, role: RoleName = 'admin') {
  let pageIndex = 0;
  const answer = (operation: string, variables: Record<string, unknown>) => {
    switch (operation) {
      case 'WindowMessages': {
        const page = pages[Math.min(pageIndex, pages.length - 1)] ?? [];
        pageIndex += 1;
        return { data: { messages: page.map((message) => typed('Message', message)) } };
      }
      case 'WindowQuickAnswers':
        return { data: { quickAnswers: QUICK_ANSWERS.map((quick) => typed('QuickAnswer', quick)) } };
      case 'WindowUseQuickAnswer':
        return { data: { useQuickAnswer: { id: variables.id } } };
      case 'WindowWhatsappTemplates':
        return {
          data: { whatsappTemplates: TEMPLATES.map((template) => typed('WhatsappTemplate', template)) },
        };
      case 'WindowSendMessage':
        return send
          ? send(variables)
          : { data: { sendMessage: typed('Message', storedFrom(variables, 900)) } };
      default:
        return { errors: [{ message: `No stub for ${operation}` }] };
    }
  };
  let uploads = 0;
  const calls: GraphqlCall[] = stubGraphql(answer, {
    '/api/upload': (init) => {
      uploads += 1;
      if (!(init?.body instanceof FormData)) return jsonResponse({ code: 'VALIDATION_ERROR' }, 400);
      const file = init.body.get('file') as File;
      return jsonResponse({
        url: `http://localhost/uploads/2026-01/${uploads}-${file.name}`,
        name: file.name,
        fileType: file.type.startsWith('image/') ? 'image' : 'document',
        mimeType: file.type,
        weight: file.size,
      });
    },
  });
  localStorage.setItem('token', 'valid');
  const utils = render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me: makeMe(role), refetchMe: async () => undefined }}>
        <MemoryRouter initialEntries={['/chat']}>
          <ConversationWindow conversation={conversation} />
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return { calls, ...utils };
}

const bubbles = () => screen.getAllByTestId('message-bubble');
const sent = (calls: GraphqlCall[]) =>
  calls.filter((call) => call.operationName === 'WindowSendMessage').map((call) => call.variables.input);

describe('conversation window', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the contact, the channel and the reply window's remaining time", async () => {
    setup(makeConversation());
    expect(screen.getByTestId('conversation-name').textContent).toBe('Sheena Nelson');
    expect(screen.getByTestId('conversation-channel').textContent).toContain('Ventas');
    expect(screen.getByTestId('window-remaining').textContent).toContain('Ventana: 23 h 12 min');
    expect(await screen.findByText('Aún no hay mensajes')).toBeDefined();
  });

  it('lists the newest page oldest first, with day separators', async () => {
    const { calls } = setup(makeConversation(), {
      pages: [[customer(3, 'Tercero'), customer(2, 'Segundo'), customer(1, 'Primero')]],
    });
    await waitFor(() => expect(bubbles()).toHaveLength(3));
    expect(bubbles().map((bubble) => within(bubble).getByTestId('message-text').textContent)).toEqual([
      'Primero',
      'Segundo',
      'Tercero',
    ]);
    expect(screen.getAllByTestId('day-separator').length).toBeGreaterThan(0);
    expect(calls.find((call) => call.operationName === 'WindowMessages')?.variables).toEqual({
      clientId: 10,
      skip: 0,
      first: 30,
    });
  });

  it('fetches the older page when scrolled to the top, skipping what is shown', async () => {
    const first = Array.from({ length: 30 }, (_, i) => customer(60 - i, `Mensaje ${60 - i}`, i + 1));
    const older = [customer(30, 'Mensaje 30', 40)];
    const { calls } = setup(makeConversation(), { pages: [first, older] });
    await waitFor(() => expect(bubbles()).toHaveLength(30));
    const list = screen.getByTestId('message-list');
    fireEvent.scroll(list, { target: { scrollTop: 0 } });
    await waitFor(() => expect(bubbles()).toHaveLength(31));
    expect(within(bubbles()[0] as HTMLElement).getByTestId('message-text').textContent).toBe('Mensaje 30');
    const pageCalls = calls.filter((call) => call.operationName === 'WindowMessages');
    expect(pageCalls.map((call) => call.variables.skip)).toEqual([0, 30]);
    // A short page was the last one: scrolling up again asks for nothing more.
    await screen.findByText('Inicio de la conversación');
    fireEvent.scroll(list, { target: { scrollTop: 0 } });
    expect(calls.filter((call) => call.operationName === 'WindowMessages')).toHaveLength(2);
  });

  it('shows the message at once as pending, then as the stored message, with its fakeId and quote', async () => {
    let answer: (reply: GraphqlReply) => void = () => undefined;
    const { calls } = setup(makeConversation(), {
      pages: [[customer(5, '¿Tienen envío?')]],
      send: () =>
        new Promise<GraphqlReply>((resolve) => {
          answer = resolve;
        }),
    });
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Responder' }));
    expect(screen.getByTestId('composer-quote').textContent).toContain('¿Tienen envío?');

    const input = screen.getByTestId('composer-input');
    fireEvent.change(input, { target: { value: 'Sí, a todo el país' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    const pending = bubbles()[1] as HTMLElement;
    expect(within(pending).getByTestId('message-status-pending')).toBeDefined();
    expect(within(pending).getByTestId('message-quote').textContent).toBe('¿Tienen envío?');
    expect(screen.queryByTestId('composer-quote')).toBeNull();

    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    const input0 = sent(calls)[0] as Record<string, unknown>;
    expect(input0).toMatchObject({ clientId: 10, text: 'Sí, a todo el país', quotedMsgId: 5 });
    expect(String(input0.fakeId)).toMatch(/^fakeId-/);

    await act(async () => {
      answer({
        data: {
          sendMessage: typed('Message', { ...storedFrom({ input: input0 }, 900), messageStatus: 'sent' }),
        },
      });
    });
    await waitFor(() => expect(bubbles()[1]?.dataset.messageId).toBe('900'));
    expect(bubbles()).toHaveLength(2);
    expect(within(bubbles()[1] as HTMLElement).getByTestId('message-status-sent')).toBeDefined();
  });

  it("replaces the pending bubble when the server's newMessage with the same fakeId comes first", async () => {
    let input: Record<string, unknown> = {};
    setup(makeConversation(), {
      send: (variables) => {
        input = variables;
        // The answer never comes: only the event can replace the bubble.
        return new Promise<GraphqlReply>(() => undefined);
      },
    });
    await screen.findByText('Aún no hay mensajes');
    const box = screen.getByTestId('composer-input');
    fireEvent.change(box, { target: { value: 'Hola' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(input.input).toBeDefined());
    const stored = storedFrom(input, 901);
    // Both in one React batch, as socket.io dispatches the packets of one polling response in one task.
    act(() => {
      emit('newMessage', { client: makeConversation(), message: stored });
      emit('newMessage', { client: makeConversation(), message: stored });
    });
    await waitFor(() => expect(bubbles()[0]?.dataset.messageId).toBe('901'));
    expect(bubbles()).toHaveLength(1);
  });

  it("turns a refused message red with the server's Spanish reason, and 'Reintentar' sends it again", async () => {
    let attempt = 0;
    const { calls } = setup(makeConversation(), {
      send: (variables) => {
        attempt += 1;
        if (attempt === 1) {
          return {
            errors: [
              {
                message: 'Provider down',
                extensions: { code: 'SEND_MESSAGE_ERROR', userMessage: 'No se pudo enviar el mensaje.' },
              },
            ],
          };
        }
        return { data: { sendMessage: typed('Message', storedFrom(variables, 902)) } };
      },
    });
    await screen.findByText('Aún no hay mensajes');
    const box = screen.getByTestId('composer-input');
    fireEvent.change(box, { target: { value: 'Te envío la cotización' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const error = await screen.findByTestId('message-error');
    expect(error.textContent).toContain('No se pudo enviar el mensaje.');

    fireEvent.click(within(error).getByRole('button', { name: /Reintentar/ }));
    await waitFor(() => expect(bubbles()[0]?.dataset.messageId).toBe('902'));
    expect(bubbles()).toHaveLength(1);
    const inputs = sent(calls) as Array<{ text: string; fakeId: string }>;
    expect(inputs.map((input) => input.text)).toEqual(['Te envío la cotización', 'Te envío la cotización']);
    expect(inputs[0]?.fakeId).not.toBe(inputs[1]?.fakeId);
  });

  it('follows live messages of this conversation only, and their delivery status', async () => {
    setup(makeConversation(), {
      pages: [
        [
          makeMessage({
            id: 7,
            sender: 'AGENT',
            messageStatus: 'sent',
            content: 'Listo',
            time: minutesAgo(5),
          }),
        ],
      ],
    });
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    act(() => {
      emit('newMessage', {
        client: makeConversation({ id: 11 }),
        message: makeMessage({ id: 50, clientId: 11, content: 'Otra conversación' }),
      });
      emit('newMessage', {
        client: makeConversation(),
        message: makeMessage({ id: 8, content: 'Gracias', time: new Date().toISOString() }),
      });
      emit('messageStatus', {
        messageId: 7,
        clientId: 10,
        messageStatus: 'delivered',
        errorCode: null,
        errorInfo: null,
        lastMessageStatus: 'delivered',
      });
    });
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    expect(screen.queryByText('Otra conversación')).toBeNull();
    expect(within(bubbles()[0] as HTMLElement).getByTestId('message-status-delivered')).toBeDefined();
    emit('messageStatus', {
      messageId: 7,
      clientId: 10,
      messageStatus: 'viewed',
      errorCode: null,
      errorInfo: null,
      lastMessageStatus: 'viewed',
    });
    await waitFor(() =>
      expect(within(bubbles()[0] as HTMLElement).getByTestId('message-status-viewed')).toBeDefined(),
    );
  });

  it('uploads the attached files one by one and sends them as media, the text as the first caption', async () => {
    let id = 910;
    const { calls } = setup(makeConversation(), {
      send: (variables) => {
        id += 1;
        return { data: { sendMessage: typed('Message', storedFrom(variables, id)) } };
      },
    });
    await screen.findByText('Aún no hay mensajes');
    fireEvent.change(screen.getByTestId('attach-input'), {
      target: {
        files: [
          new File(['png'], 'sala.png', { type: 'image/png' }),
          new File(['%PDF'], 'precios.pdf', { type: 'application/pdf' }),
        ],
      },
    });
    expect(screen.getAllByTestId('composer-attachment')).toHaveLength(2);
    fireEvent.change(screen.getByTestId('composer-input'), { target: { value: 'Nuestro catálogo' } });
    fireEvent.click(screen.getByTestId('composer-send'));
    await waitFor(() => expect(sent(calls)).toHaveLength(2));
    expect(sent(calls)).toEqual([
      {
        clientId: 10,
        fakeId: expect.stringMatching(/^fakeId-/),
        text: 'Nuestro catálogo',
        media: {
          type: 'image',
          url: 'http://localhost/uploads/2026-01/1-sala.png',
          filename: 'sala.png',
          mimeType: 'image/png',
          weight: 3,
        },
      },
      {
        clientId: 10,
        fakeId: expect.stringMatching(/^fakeId-/),
        media: {
          type: 'document',
          url: 'http://localhost/uploads/2026-01/2-precios.pdf',
          filename: 'precios.pdf',
          mimeType: 'application/pdf',
          weight: 4,
        },
      },
    ]);
  });

  it("inserts a quick answer with the contact's and the agent's names and counts its use", async () => {
    const { calls } = setup(makeConversation());
    const box = screen.getByTestId('composer-input') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '/sal' } });
    const option = await screen.findByTestId('quick-answer-option');
    fireEvent.click(option);
    expect(box.value).toBe('Hola Sheena Nelson, soy Ana Pérez. ¿En qué te puedo ayudar?');
    await waitFor(() =>
      expect(calls.find((call) => call.operationName === 'WindowUseQuickAnswer')?.variables).toEqual({
        id: 2,
      }),
    );
  });

  it('offers no template creation link to a user without whatsappTemplate', async () => {
    setup(makeConversation({ windowRemainingTime: 0, windowExpiresAt: minutesAgo(60) }), {}, 'agente');
    const composer = await screen.findByTestId('template-composer');
    expect(within(composer).queryByTestId('template-create-link')).toBeNull();
  });

  it('offers only the approved templates outside the WhatsApp window and sends the chosen one', async () => {
    const closed = makeConversation({ windowRemainingTime: 0, windowExpiresAt: minutesAgo(60) });
    const { calls } = setup(closed);
    const composer = await screen.findByTestId('template-composer');
    expect(screen.getByTestId('window-remaining').textContent).toContain('Ventana cerrada');
    expect(screen.queryByTestId('composer-input')).toBeNull();
    expect(screen.queryByTestId('attach-input')).toBeNull();
    expect(composer.textContent).toContain('Pasaron más de 24 horas');
    // The admin holds whatsappTemplate: the flow is a click away, and brings them back here.
    expect(within(composer).getByTestId('template-create-link').getAttribute('href')).toBe(
      '/config/new-whatsapp-template',
    );
    await waitFor(() =>
      expect(calls.find((call) => call.operationName === 'WindowWhatsappTemplates')?.variables).toEqual({
        channelId: 1,
        status: 'accepted',
      }),
    );

    fireEvent.mouseDown(within(composer).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('seguimiento_pedido'));
    const send = screen.getByTestId('template-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Variable 1'), { target: { value: 'Sheena' } });
    expect(screen.getByTestId('template-preview').textContent).toContain(
      'Hola Sheena, tu pedido {{2}} ya va en camino.',
    );
    fireEvent.change(screen.getByLabelText('Variable 2'), { target: { value: '#512' } });
    expect(screen.getByTestId('template-preview').textContent).toContain(
      'Hola Sheena, tu pedido #512 ya va en camino.',
    );
    fireEvent.click(send);

    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]).toMatchObject({
      clientId: 10,
      template: { name: 'seguimiento_pedido', language: 'es', bodyParameters: ['Sheena', '#512'] },
    });
    expect((sent(calls)[0] as Record<string, unknown>).text).toBeUndefined();
  });

  it("shows Messenger's 7-day rule instead of a composer outside its window", async () => {
    setup(
      makeConversation({
        windowRemainingTime: 0,
        windowExpiresAt: minutesAgo(5),
        channel: { id: 2, name: 'Messenger Demo', platform: 'messenger', phone: null },
      }),
    );
    expect(screen.getByTestId('composer-closed').textContent).toBe(
      'No puedes enviar mensajes fuera de la ventana de 7 días de Messenger.',
    );
    expect(screen.queryByTestId('composer-input')).toBeNull();
    expect(screen.queryByTestId('template-composer')).toBeNull();
    await screen.findByText('Aún no hay mensajes');
  });

  it('switches to templates by itself when the window runs out while open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      setup(
        makeConversation({
          windowRemainingTime: 1,
          windowExpiresAt: new Date(Date.now() + 61_000).toISOString(),
        }),
      );
      expect(screen.getByTestId('window-remaining').textContent).toContain('Ventana: 1 min');
      expect(screen.getByTestId('composer-input')).toBeDefined();
      await act(async () => {
        vi.advanceTimersByTime(62_000);
      });
      expect(screen.getByTestId('window-remaining').textContent).toContain('Ventana cerrada');
      expect(screen.getByTestId('template-composer')).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("opens the window again when the customer writes (the event's window end)", async () => {
    setup(makeConversation({ windowRemainingTime: 0, windowExpiresAt: minutesAgo(60) }));
    await screen.findByTestId('template-composer');
    emit('newMessage', {
      client: makeConversation({ windowExpiresAt: new Date(Date.now() + 24 * 3600_000).toISOString() }),
      message: makeMessage({ id: 70, content: 'Hola de nuevo', time: new Date().toISOString() }),
    });
    await screen.findByTestId('composer-input');
    expect(screen.getByTestId('window-remaining').textContent).toContain('Ventana: 23 h 59 min');
  });
});
