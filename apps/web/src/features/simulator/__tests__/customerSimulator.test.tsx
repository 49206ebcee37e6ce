import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { stubServer } from '../../../test/stubServer';
import { SessionContext } from '../../session/SessionContext';
import { CustomerSimulator } from '../components/CustomerSimulator';

// No socket server in unit tests: the simulator relies on its load and poll.
vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

const CHANNEL = { id: 3, name: 'Canal de prueba', phone: '5215500000099' };

function renderSimulator() {
  localStorage.setItem('token', 'valid');
  render(
    <MemoryRouter initialEntries={['/simulador']}>
      <CustomerSimulator />
    </MemoryRouter>,
  );
}

async function phoneInput(): Promise<HTMLInputElement> {
  return (await screen.findByLabelText('Teléfono del cliente')) as HTMLInputElement;
}

describe('customer simulator', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts as a new customer: a random 52155… phone and the default name', async () => {
    stubServer({
      '/api/sandbox/channels': { status: 200, body: [CHANNEL] },
      '/api/sandbox/conversation': { status: 200, body: [] },
    });
    renderSimulator();
    expect((await phoneInput()).value).toMatch(/^52155\d{8}$/);
    expect((screen.getByLabelText('Nombre del cliente') as HTMLInputElement).value).toBe('Cliente de prueba');
    expect(await screen.findByText('Aún no hay mensajes. Escribe el primero como cliente.')).toBeDefined();
  });

  it('explains what is wrong with the phone and sends nothing until it is fixed', async () => {
    const calls = stubServer({
      '/api/sandbox/channels': { status: 200, body: [CHANNEL] },
      '/api/sandbox/conversation': { status: 200, body: [] },
      '/api/sandbox/simulate': { status: 200, body: { received: true } },
    });
    renderSimulator();
    const phone = await phoneInput();

    fireEvent.change(phone, { target: { value: '55 1234 5678' } });
    expect(await screen.findByText('Solo puede contener números')).toBeDefined();
    fireEvent.change(phone, { target: { value: '1234' } });
    expect(await screen.findByText('Teléfono inválido')).toBeDefined();

    fireEvent.change(screen.getByLabelText('Mensaje del cliente'), { target: { value: 'Hola' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.getByText('Teléfono inválido')).toBeDefined());
    expect(calls.some((call) => call.path === '/api/sandbox/simulate')).toBe(false);
    expect(screen.getByText('Escribe un teléfono válido para ver la conversación.')).toBeDefined();
  });

  it("shows the server's message on the phone field when the API refuses it", async () => {
    stubServer({
      '/api/sandbox/channels': { status: 200, body: [CHANNEL] },
      '/api/sandbox/conversation': { status: 200, body: [] },
      '/api/sandbox/simulate': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Invalid field: from',
          userMessage: 'Teléfono inválido',
          field: 'from',
        },
      },
    });
    renderSimulator();
    await phoneInput();
    fireEvent.change(screen.getByLabelText('Mensaje del cliente'), { target: { value: 'Hola' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Teléfono inválido')).toBeDefined();
    expect((screen.getByLabelText('Mensaje del cliente') as HTMLTextAreaElement).value).toBe('Hola');
  });

  it('sends the message as the customer and shows it once the inbox has it', async () => {
    const customerMessage = {
      id: 7,
      clientId: 10,
      channelId: 3,
      type: 'text',
      content: 'Hola, quiero informes',
      sender: 'CLIENT',
      messageStatus: null,
      errorCode: null,
      errorInfo: null,
      time: new Date().toISOString(),
    };
    const calls = stubServer({
      '/api/sandbox/channels': { status: 200, body: [CHANNEL] },
      '/api/sandbox/conversation': [
        { status: 200, body: [] },
        { status: 200, body: [customerMessage] },
      ],
      '/api/sandbox/simulate': { status: 200, body: { received: true } },
    });
    renderSimulator();
    const phone = await phoneInput();
    fireEvent.change(phone, { target: { value: '5215599887766' } });
    const input = screen.getByLabelText('Mensaje del cliente');
    fireEvent.change(input, { target: { value: 'Hola, quiero informes' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    expect(await screen.findByText('Hola, quiero informes', { selector: '.sim-bubble-text' })).toBeDefined();
    const simulate = calls.find((call) => call.path === '/api/sandbox/simulate');
    expect(simulate?.body).toEqual({
      channelId: 3,
      from: '5215599887766',
      name: 'Cliente de prueba',
      text: 'Hola, quiero informes',
    });
  });

  it("shows message times in the company's time zone, as the inbox does (issue 19)", async () => {
    stubServer({
      '/api/sandbox/channels': { status: 200, body: [CHANNEL] },
      '/api/sandbox/conversation': {
        status: 200,
        body: [
          {
            id: 8,
            clientId: 10,
            channelId: 3,
            type: 'text',
            content: 'Hola desde Tokio',
            sender: 'CLIENT',
            messageStatus: null,
            errorCode: null,
            errorInfo: null,
            time: '2026-01-15T13:28:00.000Z',
          },
        ],
      },
    });
    localStorage.setItem('token', 'valid');
    // A zone no test machine runs in, so only the company's zone can give 22:28.
    const me = makeMe('admin', {}, { timezone: 'Asia/Tokyo' });
    render(
      <SessionContext.Provider value={{ me, refetchMe: async () => undefined }}>
        <MemoryRouter initialEntries={['/simulador']}>
          <CustomerSimulator />
        </MemoryRouter>
      </SessionContext.Provider>,
    );
    const text = await screen.findByText('Hola desde Tokio', { selector: '.sim-bubble-text' });
    const bubble = text.closest('.sim-bubble') ?? text.parentElement;
    expect(bubble?.querySelector('time')?.textContent).toBe('22:28');
  });

  describe("a bot's menu (issue 17)", () => {
    const botMenu = (id: number, interactive: Record<string, unknown>, content: string) => ({
      id,
      clientId: 10,
      channelId: 3,
      type: 'interactive',
      content,
      sender: 'BOT',
      messageStatus: 'delivered',
      errorCode: null,
      errorInfo: null,
      payload: { interactive, automation: 'chatbot' },
      time: new Date().toISOString(),
    });
    const buttons = botMenu(
      21,
      {
        kind: 'buttons',
        body: '¿En qué te ayudamos?',
        buttons: [
          { id: 'opt-ventas', title: 'Ventas' },
          { id: 'opt-asesor', title: 'Hablar con asesor' },
        ],
      },
      '¿En qué te ayudamos?\n\n1. Ventas\n2. Hablar con asesor',
    );
    const list = botMenu(
      22,
      {
        kind: 'list',
        body: 'Elige un tema',
        button: 'Ver temas',
        rows: [
          { id: 'r1', title: 'Envíos', description: 'Tiempos y costos' },
          { id: 'r2', title: 'Pagos' },
          { id: 'r3', title: 'Facturas' },
          { id: 'r4', title: 'Asesor' },
        ],
      },
      'Elige un tema\n\n1. Envíos\n2. Pagos\n3. Facturas\n4. Asesor',
    );

    async function renderWith(messages: unknown[]) {
      const calls = stubServer({
        '/api/sandbox/channels': { status: 200, body: [CHANNEL] },
        '/api/sandbox/conversation': { status: 200, body: messages },
        '/api/sandbox/simulate': { status: 200, body: { received: true } },
      });
      renderSimulator();
      await phoneInput();
      return calls;
    }

    it('shows the body with the reply buttons under it, and a tap sends that option of that message', async () => {
      const calls = await renderWith([buttons]);
      const group = await screen.findByTestId('simulator-buttons');
      expect(screen.getByText('¿En qué te ayudamos?', { selector: '.sim-bubble-text' })).toBeDefined();
      // The numbered text is for channels without buttons, not for this phone.
      expect(screen.queryByText(/1\. Ventas/)).toBeNull();
      expect(screen.getByText('Bot')).toBeDefined();
      const options = within(group).getAllByRole('button');
      expect(options.map((option) => option.textContent)).toEqual(['Ventas', 'Hablar con asesor']);

      fireEvent.click(within(group).getByRole('button', { name: 'Hablar con asesor' }));
      await waitFor(() => expect(calls.some((call) => call.path === '/api/sandbox/simulate')).toBe(true));
      expect(calls.find((call) => call.path === '/api/sandbox/simulate')?.body).toEqual({
        channelId: 3,
        from: expect.stringMatching(/^52155\d{8}$/),
        name: 'Cliente de prueba',
        replyId: 'opt-asesor',
        replyMessageId: 21,
      });
    });

    it('opens a list with its button and sends the row tapped', async () => {
      const calls = await renderWith([list]);
      const group = await screen.findByTestId('simulator-list');
      expect(within(group).queryByText('Envíos')).toBeNull();
      fireEvent.click(within(group).getByRole('button', { name: 'Ver temas' }));
      const rows = within(group).getByRole('list', { name: 'Ver temas' });
      expect(
        within(rows)
          .getAllByRole('button')
          .map((row) => row.textContent),
      ).toEqual(['EnvíosTiempos y costos', 'Pagos', 'Facturas', 'Asesor']);
      fireEvent.click(within(rows).getByRole('button', { name: /Envíos/ }));
      await waitFor(() =>
        expect(calls.find((call) => call.path === '/api/sandbox/simulate')?.body).toMatchObject({
          replyId: 'r1',
          replyMessageId: 22,
        }),
      );
      // The list closes once an option is sent.
      expect(within(group).queryByRole('list')).toBeNull();
    });

    it("shows the customer's tapped option as their message", async () => {
      await renderWith([
        buttons,
        {
          ...buttons,
          id: 23,
          sender: 'CLIENT',
          content: 'Ventas',
          messageStatus: null,
          payload: { interactive: { type: 'interactive', replyId: 'opt-ventas', title: 'Ventas' } },
        },
      ]);
      const mine = await screen.findByTestId('customer-message');
      expect(mine.textContent).toContain('Ventas');
      expect(within(mine).queryByRole('button')).toBeNull();
      expect(screen.getAllByTestId('simulator-buttons')).toHaveLength(1);
    });
  });

  it('says so when the company has no sandbox channel', async () => {
    stubServer({ '/api/sandbox/channels': { status: 200, body: [] } });
    renderSimulator();
    expect(await screen.findByText('No hay canales de prueba')).toBeDefined();
    expect(screen.queryByLabelText('Mensaje del cliente')).toBeNull();
  });
});
