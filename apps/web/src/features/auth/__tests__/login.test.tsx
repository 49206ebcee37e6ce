import { ApolloProvider } from '@apollo/client/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { stubServer } from '../../../test/stubServer';
import { LoginForm } from '../components/LoginForm';

const OTPAUTH = 'otpauth://totp/Charla%20CRM:admin%40otra.local?secret=JBSWY3DPEHPK3PXP&issuer=Charla%20CRM';

function StateProbe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} {JSON.stringify(location.state)}
    </p>
  );
}

function renderLogin() {
  render(
    <ApolloProvider client={createApolloClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginForm />} />
          <Route path="/chat" element={<StateProbe name="Bandeja" />} />
          <Route path="/qr-code" element={<StateProbe name="Página QR" />} />
          <Route path="/two-factor" element={<StateProbe name="Página código" />} />
        </Routes>
      </MemoryRouter>
    </ApolloProvider>,
  );
  fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'admin@otra.local' } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Demo12345' } });
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

describe('LoginForm', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signs a user without two-factor in, stores the token and goes to /chat', async () => {
    const calls = stubServer({
      '/api/getUserByEmail': { status: 200, body: { hasUsed2FA: false } },
      '/api/loginDash': { status: 200, body: { token: 'token-123' } },
      '/graphql': { status: 200, body: { data: { me: makeMe('admin') } } },
    });
    renderLogin();
    expect(await screen.findByText(/Bandeja/)).toBeDefined();
    expect(localStorage.getItem('token')).toBe('token-123');
    expect(calls.map((call) => call.path)).toEqual(['/api/getUserByEmail', '/api/loginDash', '/graphql']);
  });

  it('sends a user whose factor is unverified to /qr-code with the credentials in router state only', async () => {
    stubServer({
      '/api/getUserByEmail': { status: 200, body: { hasUsed2FA: true } },
      '/api/sendTwoFactorCode': {
        status: 200,
        body: { factor: { status: 'unverified', binding: { uri: OTPAUTH } } },
      },
    });
    renderLogin();
    const page = await screen.findByText(/Página QR/);
    expect(page.textContent).toContain('"email":"admin@otra.local"');
    expect(page.textContent).toContain('"password":"Demo12345"');
    expect(localStorage.getItem('qrUri')).toBe(OTPAUTH);
    expect(localStorage.getItem('token')).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('Demo12345');
  });

  it('sends a user whose factor is verified straight to /two-factor', async () => {
    stubServer({
      '/api/getUserByEmail': { status: 200, body: { hasUsed2FA: true } },
      '/api/sendTwoFactorCode': { status: 200, body: { factor: { status: 'verified' } } },
    });
    renderLogin();
    expect(await screen.findByText(/Página código/)).toBeDefined();
    expect(localStorage.getItem('qrUri')).toBeNull();
  });

  it("shows the server's message when the credentials are refused", async () => {
    stubServer({
      '/api/getUserByEmail': { status: 200, body: { hasUsed2FA: false } },
      '/api/loginDash': {
        status: 401,
        body: {
          code: 'INVALID_CREDENTIALS',
          message: 'INVALID_CREDENTIALS',
          userMessage: 'Correo o contraseña incorrectos.',
        },
      },
    });
    renderLogin();
    expect(await screen.findByText('Correo o contraseña incorrectos.')).toBeDefined();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
