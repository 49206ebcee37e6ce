import { act, cleanup, configure, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstMessageQrPage } from '../../../pages/FirstMessageQrPage';
import { stubServer } from '../../../test/stubServer';

// A busy 2-core machine needs more than the default 1 s for a request, a render and a navigation.
configure({ asyncUtilTimeout: 5000 });

vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

const QR = { phone: '5215512345678', link: 'https://wa.me/5215512345678?text=Hola', expiresAt: '' };

describe('/link-whatsapp/qrcode', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the number by the display rule and renews the QR every 40 s with a countdown', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'valid');
    const calls = stubServer({ '/api/link-whatsapp/qr': { status: 200, body: QR } });
    render(
      <MemoryRouter initialEntries={['/link-whatsapp/qrcode']}>
        <FirstMessageQrPage />
      </MemoryRouter>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('+52 5512345678')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(screen.getByTestId('qr-countdown').textContent).toBe('El código se renueva en 40 s');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(39_000);
    });
    expect(screen.getByTestId('qr-countdown').textContent).toBe('El código se renueva en 1 s');
    expect(calls).toHaveLength(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.path).toBe('/api/link-whatsapp/qr');
    expect(screen.getByTestId('qr-countdown').textContent).toBe('El código se renueva en 40 s');
    expect(screen.getByRole('button', { name: /Ir al chat/ })).toBeTruthy();
  });
});
