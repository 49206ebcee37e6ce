import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../test/stubServer';
import { CustomerSimulator } from '../components/CustomerSimulator';

// No socket server in unit tests: the simulator relies on its load and poll.
vi.mock('../../../lib/socket', () => ({
  onReconnected: () => () => undefined,
  connectSocket: () => null,
  disconnectSocket: () => undefined,
  subscribeRealtime: () => () => undefined,
}));

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

  it('says so when the company has no sandbox channel', async () => {
    stubServer({ '/api/sandbox/channels': { status: 200, body: [] } });
    renderSimulator();
    expect(await screen.findByText('No hay canales de prueba')).toBeDefined();
    expect(screen.queryByLabelText('Mensaje del cliente')).toBeNull();
  });
});
