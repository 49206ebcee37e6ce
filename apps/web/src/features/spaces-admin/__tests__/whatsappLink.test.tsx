import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { jsonResponse, stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../session/SessionContext';
import { WhatsappLink } from '../components/WhatsappLink';

interface Sent {
  path: string;
  body: Record<string, unknown>;
}

function setup(options: { channelId?: number | null; code?: string | null } = {}) {
  const sent: Sent[] = [];
  let linked = false;
  const record = (path: string, init: RequestInit | undefined) =>
    sent.push({ path, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
  stubGraphql(() => ({ errors: [{ message: 'unexpected' }] }), {
    '/api/getQR': (init) => {
      record('/getQR', init);
      return jsonResponse({
        channelId: 21,
        qrUrl: 'http://localhost/spaces/new-whatsapp?channelId=21&code=abc',
        code: 'abc',
        expiresAt: new Date(Date.now() + 40_000).toISOString(),
        status: 'LOGGING',
      });
    },
    '/api/sandbox/scan': (init) => {
      record('/sandbox/scan', init);
      linked = true;
      return jsonResponse({
        channelId: 21,
        status: 'AUTHENTICATED',
        phone: null,
        linkedAt: null,
        chatHistoryTime: null,
      });
    },
    '/api/getChannelStatus': (init) => {
      record('/getChannelStatus', init);
      return jsonResponse({
        channelId: 21,
        status: linked ? 'AUTHENTICATED' : 'LOGGING',
        phone: '5215512345678',
        linkedAt: null,
        chatHistoryTime: 'week',
      });
    },
  });
  localStorage.setItem('token', 'valid');
  const refetchMe = vi.fn(async () => undefined);
  render(
    <SessionContext.Provider value={{ me: makeMe('admin'), refetchMe }}>
      <MemoryRouter initialEntries={['/spaces/new-whatsapp']}>
        <Routes>
          <Route
            path="/spaces/new-whatsapp"
            element={<WhatsappLink channelId={options.channelId ?? null} code={options.code ?? null} />}
          />
          <Route path="/spaces" element={<div>Lista de espacios</div>} />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
  return { sent, refetchMe };
}

async function chooseHistory(label: string) {
  const select = screen.getByTestId('chat-history-select');
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

describe('connect WhatsApp (sandbox linked-device slot)', () => {
  afterEach(async () => {
    cleanup();
    // React's scheduler finishes the unmount before the test environment is torn down.
    await new Promise((resolve) => setTimeout(resolve, 20));
    vi.unstubAllGlobals();
  });

  it('checks the line with the shared rules before asking for a QR', async () => {
    const { sent } = setup();
    fireEvent.change(screen.getByLabelText('Número de teléfono'), { target: { value: '55-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generar código QR' }));
    expect(await screen.findByText('Nombre obligatorio')).toBeTruthy();
    expect(await screen.findByText('Solo puede contener números')).toBeTruthy();
    expect(
      await screen.findByText('Selecciona una opción', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('shows the QR, links the line by the simulated scan with the chosen history, then goes to /spaces', async () => {
    const { sent, refetchMe } = setup();
    fireEvent.change(screen.getByLabelText('Nombre de la línea'), { target: { value: 'Ventas' } });
    fireEvent.change(screen.getByLabelText('Número de teléfono'), { target: { value: '5215512345678' } });
    await chooseHistory('Última semana');
    fireEvent.click(screen.getByRole('button', { name: 'Generar código QR' }));

    await screen.findByTestId('whatsapp-qr');
    expect(sent[0]).toEqual({ path: '/getQR', body: { slotName: 'Ventas', phone: '5215512345678' } });
    expect(screen.getByTestId('qr-countdown').textContent).toMatch(/El código se renueva en \d+ s/);

    fireEvent.click(screen.getByRole('button', { name: /Simular escaneo/ }));
    await screen.findByText('Lista de espacios');
    expect(sent.find((s) => s.path === '/sandbox/scan')?.body).toEqual({ code: 'abc' });
    expect(sent.find((s) => s.path === '/getChannelStatus')?.body).toEqual({
      channelId: 21,
      getChatHistory: true,
      chatHistoryTime: 'week',
    });
    expect(refetchMe).toHaveBeenCalled();
  });

  it('asks only for the history when linking an existing channel again', async () => {
    const { sent } = setup({ channelId: 21 });
    expect(screen.queryByLabelText('Nombre de la línea')).toBeNull();
    await chooseHistory('Todo el historial');
    fireEvent.click(screen.getByRole('button', { name: 'Generar código QR' }));
    await screen.findByTestId('whatsapp-qr');
    expect(sent[0]).toEqual({ path: '/getQR', body: { channelId: 21 } });
  });

  it('is the linking device when opened from the QR (?code=)', async () => {
    const { sent } = setup({ code: 'abc' });
    expect(await screen.findByText('Número vinculado con exito, puedes cerrar esta ventana.')).toBeTruthy();
    expect(sent).toEqual([{ path: '/sandbox/scan', body: { code: 'abc' } }]);
  });
});
