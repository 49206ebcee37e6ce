import { CompanyStatus, LINKING_ERROR_MESSAGE } from '@crm/shared';
import { act, cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalendlyAuthPage } from '../../../pages/CalendlyAuthPage';
import { LinkWhatsappPage } from '../../../pages/LinkWhatsappPage';
import { makeMe } from '../../../test/fixtures';
import { emit } from '../../../test/socketStub';
import { stubServer } from '../../../test/stubServer';
import { SessionContext } from '../../session/SessionContext';
import { PendingLinkCard } from '../components/PendingLinkCard';

// A busy 2-core machine needs more than the default 1 s for a request, a render and a navigation.
configure({ asyncUtilTimeout: 5000 });

vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

const CONNECTING = 'Conectando WhatsApp, no cierres esta ventana...';
const LINKED = 'Número vinculado con exito, puedes cerrar esta ventana.';
const CHANNELS_REPLY = {
  channels: [{ id: 7, name: 'Ventas', phone: '5215512345678', platform: 'whatsapp' }],
};
const PROFILE = {
  about: 'Hola',
  website: '',
  vertical: '',
  email: '',
  description: '',
  address: '',
  photoUrl: null,
};

function renderAt(url: string, status: string = CompanyStatus.AWAITING_WA_VINCULATION) {
  localStorage.setItem('token', 'valid');
  render(
    <SessionContext.Provider value={{ me: makeMe('superadmin', {}, { status }), refetchMe: vi.fn() }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/link-whatsapp/*" element={<LinkWhatsappPage />} />
          <Route path="/chat" element={<div>Bandeja de chat</div>} />
          <Route path="/spaces" element={<PendingLinkCard />} />
          <Route path="/integrations/calendly_auth" element={<CalendlyAuthPage />} />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

// Loaded as TRIAL; reading the user again answers the status the first payment set.
function FreshAfterReload() {
  const [status, setStatus] = useState<string>(CompanyStatus.TRIAL);
  const refetchMe = async () => setStatus(CompanyStatus.AWAITING_WA_VINCULATION);
  return (
    <SessionContext.Provider value={{ me: makeMe('superadmin', {}, { status }), refetchMe }}>
      <MemoryRouter initialEntries={['/link-whatsapp']}>
        <Routes>
          <Route path="/link-whatsapp/*" element={<LinkWhatsappPage />} />
          <Route path="/chat" element={<div>Bandeja de chat</div>} />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>
  );
}

describe('/link-whatsapp', () => {
  afterEach(async () => {
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 20));
    vi.unstubAllGlobals();
  });

  it('links the channels of the Connect return, says so, and goes to the profile on the status event', async () => {
    let answer: (() => void) | null = null;
    const calls = stubServer({
      '/api/link-whatsapp': { status: 200, body: CHANNELS_REPLY },
      '/api/link-whatsapp/profile': { status: 200, body: PROFILE },
    });
    // The POST answers only when the test says so, to see the waiting text first.
    const fetchStub = vi.mocked(fetch);
    const answered = fetchStub.getMockImplementation();
    fetchStub.mockImplementationOnce((input, init) => {
      const pending = answered?.(input, init) ?? Promise.resolve(new Response('{}'));
      return new Promise((resolve) => {
        answer = () => resolve(pending);
      });
    });

    renderAt('/link-whatsapp?client=cl_1&channels=[ch_a,ch_b]');
    expect(await screen.findByText(CONNECTING)).toBeTruthy();
    expect(calls[0]).toEqual({
      path: '/api/link-whatsapp',
      body: { client: 'cl_1', channels: ['ch_a', 'ch_b'] },
    });
    await act(async () => answer?.());
    expect(await screen.findByText(LINKED)).toBeTruthy();
    expect(screen.queryByLabelText('Acerca de')).toBeNull();

    emit('status', { success: true, channelIds: [7] });
    expect(await screen.findByLabelText('Acerca de')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/link-whatsapp/profile?channelId=7')).toBe(true);
  });

  it('shows the linking error when the status event reports a failure', async () => {
    stubServer({ '/api/link-whatsapp': { status: 200, body: CHANNELS_REPLY } });
    renderAt('/link-whatsapp?client=cl_1&channels=[ch_a]');
    expect(await screen.findByText(LINKED)).toBeTruthy();
    emit('status', { success: false });
    expect(await screen.findByText(LINKING_ERROR_MESSAGE)).toBeTruthy();
  });

  it('shows the linking error when the request fails', async () => {
    stubServer({
      '/api/link-whatsapp': { status: 500, body: { code: 'ERROR_LINKING_WHATSAPP', userMessage: 'x' } },
    });
    renderAt('/link-whatsapp?client=cl_1&channels=[ch_a]');
    expect(await screen.findByText(LINKING_ERROR_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(LINKED)).toBeNull();
  });

  it('offers help or self set-up; self set-up mails the video, goes on in /spaces and links the sandbox number', async () => {
    const calls = stubServer({
      '/api/send-onboarding-video': { status: 200, body: { sent: true, videoSentAt: null } },
      '/api/link-whatsapp/config': {
        status: 200,
        body: { sandbox: true, dialog360: null, meta: null, schedulingUrl: null },
      },
      '/api/link-whatsapp/sandbox': { status: 200, body: CHANNELS_REPLY },
      '/api/link-whatsapp/profile': { status: 200, body: PROFILE },
    });
    renderAt('/link-whatsapp');
    expect(screen.getByRole('button', { name: /Solicitar asistencia para configurar/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Terminar configuración yo mismo/ }));
    // 01 §2.5: the video is mailed, then /spaces, where the linking choices wait while the number is not linked.
    expect(await screen.findByTestId('pending-link-card')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /Vincular número de prueba/ }));
    expect(await screen.findByLabelText('Acerca de')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual([
      '/api/send-onboarding-video',
      '/api/link-whatsapp/config',
      '/api/link-whatsapp/sandbox',
      '/api/link-whatsapp/profile?channelId=7',
    ]);
    expect(calls[0]?.body).toEqual({ send: true });
  });

  it('asking for help records it and opens the instructions, whose appointment needs no scheduling URL', async () => {
    const calls = stubServer({
      '/api/onboarding/need-help': { status: 200, body: { requested: true, needHelpAt: null } },
      '/api/link-whatsapp/config': {
        status: 200,
        body: { sandbox: true, dialog360: null, meta: null, schedulingUrl: null },
      },
    });
    renderAt('/link-whatsapp');
    fireEvent.click(screen.getByRole('button', { name: /Solicitar asistencia para configurar/ }));
    expect(await screen.findByRole('button', { name: /Agendar cita/ })).toBeTruthy();
    // 01 §2.5: the physical SIM and phone, the business web page, a corporate e-mail, a social-network page admin.
    for (const needed of [
      'El teléfono con la SIM física del número que vas a vincular.',
      'La página web de tu negocio.',
      'Un correo electrónico corporativo.',
      'Una cuenta con permisos de administrador de la página de tu negocio en redes sociales.',
    ]) {
      expect(screen.getByText(needed)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: /Regresar/ })).toBeTruthy();
    expect(calls[0]?.path).toBe('/api/onboarding/need-help');
    // Without a scheduling URL the return page asks for the date itself.
    fireEvent.click(screen.getByRole('button', { name: /Agendar cita/ }));
    expect(await screen.findByLabelText('Fecha y hora')).toBeTruthy();
  });

  it('on a phone, tells the user to sign in on a desktop and offers no self set-up (01 §2.5)', async () => {
    const agent = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    stubServer({});
    try {
      renderAt('/link-whatsapp');
      expect(
        await screen.findByText(
          'Para vincular tu número de WhatsApp inicia sesión desde una computadora de escritorio.',
        ),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: /Solicitar asistencia para configurar/ })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Terminar configuración yo mismo/ })).toBeNull();
    } finally {
      agent.mockRestore();
    }
  });

  it('shows on the QR instructions page a QR of the instruction video beside the embedded linking flow', async () => {
    stubServer({
      '/api/link-whatsapp/config': {
        status: 200,
        body: {
          sandbox: false,
          dialog360: null,
          meta: { appId: '123', configId: '456' },
          schedulingUrl: null,
        },
      },
    });
    renderAt('/link-whatsapp/qrcode-instructions');
    const qr = await screen.findByRole('img', { name: 'Código QR del video de instrucciones' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(
      screen.getByRole('link', { name: /Abrir el video en esta computadora/ }).getAttribute('href'),
    ).toBe(`${window.location.origin}/help#videos`);
    expect(await screen.findByRole('button', { name: /Conectar con Meta/ })).toBeTruthy();
  });

  it('reads the user again before leaving: a status the payment just changed keeps the user on the page', async () => {
    localStorage.setItem('token', 'valid');
    render(<FreshAfterReload />);
    expect(await screen.findByRole('button', { name: /Terminar configuración yo mismo/ })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Bandeja de chat')).toBeNull();
  });

  it('sends a company that is not awaiting its linking to /chat', async () => {
    stubServer({});
    renderAt('/link-whatsapp', CompanyStatus.ACTIVE);
    expect(await screen.findByText('Bandeja de chat')).toBeTruthy();
  });
});
