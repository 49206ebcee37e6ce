import { ApolloProvider } from '@apollo/client/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { setQrUri } from '../../../lib/storage';
import { makeMe } from '../../../test/fixtures';
import { stubServer } from '../../../test/stubServer';
import { TwoFactorForm } from '../components/TwoFactorForm';

const credentials = { email: 'admin@otra.local', password: 'Demo12345' };
const wrongCode = {
  status: 400,
  body: {
    code: 'ERROR_CHECKING_CODE',
    message: 'ERROR_CHECKING_CODE',
    userMessage: 'El código es incorrecto.',
  },
};

function renderForm() {
  render(
    <ApolloProvider client={createApolloClient()}>
      <MemoryRouter initialEntries={['/two-factor']}>
        <Routes>
          <Route path="/two-factor" element={<TwoFactorForm credentials={credentials} />} />
          <Route path="/chat" element={<p>Bandeja</p>} />
          <Route path="/qr-code" element={<p>Página del código QR</p>} />
        </Routes>
      </MemoryRouter>
    </ApolloProvider>,
  );
}

const boxValues = () =>
  Array.from(
    { length: 6 },
    (_, index) => (screen.getByTestId(`code-box-${index}`) as HTMLInputElement).value,
  );

function paste(code: string) {
  fireEvent.paste(screen.getByTestId('code-box-0'), { clipboardData: { getData: () => code } });
}

describe('TwoFactorForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows both prompts and a Continuar button that waits for six characters', () => {
    stubServer({});
    renderForm();
    expect(screen.getByText('Ingresa el código de verificación')).toBeDefined();
    expect(screen.getByText('Ingresa el código de tu aplicación')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Continuar' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Regresar' })).toBeDefined();
  });

  it('sends a pasted code once, with the credentials, and signs in', async () => {
    const calls = stubServer({
      '/api/loginDash': { status: 200, body: { token: 'token-2fa' } },
      '/graphql': { status: 200, body: { data: { me: makeMe('admin') } } },
    });
    renderForm();
    paste('246810');
    expect(await screen.findByText('Bandeja')).toBeDefined();
    const logins = calls.filter((call) => call.path === '/api/loginDash');
    expect(logins).toHaveLength(1);
    expect(logins[0]?.body).toEqual({ ...credentials, otp: '246810' });
    expect(localStorage.getItem('token')).toBe('token-2fa');
  });

  it('shows the wrong-code text and clears the boxes when the code is refused', async () => {
    stubServer({ '/api/loginDash': wrongCode });
    renderForm();
    paste('111111');
    expect(await screen.findByText('El código es incorrecto, por favor intenta de nuevo.')).toBeDefined();
    await waitFor(() => expect(boxValues()).toEqual(['', '', '', '', '', '']));
    expect(localStorage.getItem('token')).toBeNull();
  });

  // 01 §2.4 / §9: while the authenticator is being set up, the way back to the QR opens when the 40 s countdown ends.
  it('offers the way back to the QR once the 40 s countdown ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubServer({});
      setQrUri('otpauth://totp/Charla:admin@otra.local?secret=ABC');
      renderForm();
      expect(screen.getByTestId('qr-countdown').textContent).toContain('Si no pudiste escanear el código');
      expect(screen.queryByRole('link', { name: 'Si no pudiste escanear el código' })).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(39_000);
      });
      expect(screen.queryByRole('link', { name: 'Si no pudiste escanear el código' })).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      fireEvent.click(screen.getByRole('link', { name: 'Si no pudiste escanear el código' }));
      expect(await screen.findByText('Página del código QR')).toBeDefined();
    } finally {
      vi.useRealTimers();
      localStorage.clear();
    }
  });

  it('shows the generic retry text for any other failure', async () => {
    stubServer({ '/api/loginDash': { status: 500, body: { code: 'INTERNAL_ERROR', userMessage: 'x' } } });
    renderForm();
    paste('222222');
    expect(await screen.findByText('Ocurrió un error, por favor intenta de nuevo.')).toBeDefined();
  });
});
