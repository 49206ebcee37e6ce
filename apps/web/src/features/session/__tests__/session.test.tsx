import { ApolloProvider } from '@apollo/client/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../../../app/guards/RequireAuth';
import { SessionEndRedirect } from '../../../app/guards/SessionEndRedirect';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { stubServer } from '../../../test/stubServer';

// No socket server in unit tests: the realtime bridge gets an inert client.
vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

function renderPrivate(path: string) {
  render(
    <ApolloProvider client={createApolloClient()}>
      <MemoryRouter initialEntries={[path]}>
        <SessionEndRedirect />
        <Routes>
          <Route path="/" element={<p>Página raíz</p>} />
          <Route path="/login" element={<p>Página de inicio de sesión</p>} />
          <Route path="/forbidden" element={<p>Página prohibida</p>} />
          <Route element={<RequireAuth />}>
            <Route path="/chat" element={<p>Bandeja</p>} />
            <Route path="/users" element={<p>Equipo</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </ApolloProvider>,
  );
}

describe('authenticated routes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('go to /login without a token and clear local storage', async () => {
    stubServer({});
    localStorage.setItem('qrUri', 'otpauth://totp/x?secret=ABC');
    renderPrivate('/chat');
    expect(await screen.findByText('Página de inicio de sesión')).toBeDefined();
    expect(localStorage.length).toBe(0);
  });

  it('show a loader, then the shell with the top bar once the user arrives', async () => {
    stubServer({ '/graphql': { status: 200, body: { data: { me: makeMe('agente') } } } });
    localStorage.setItem('token', 'valid');
    renderPrivate('/chat');
    expect(screen.getByTestId('page-loader')).toBeDefined();
    expect(await screen.findByText('Bandeja')).toBeDefined();
    expect(screen.getByTestId('top-bar')).toBeDefined();
    expect(screen.getByTestId('nav-chat').getAttribute('aria-current')).toBe('page');
    expect(screen.queryByTestId('nav-users')).toBeNull();
  });

  it('send a user who fails the guard to /forbidden', async () => {
    stubServer({ '/graphql': { status: 200, body: { data: { me: makeMe('agente') } } } });
    localStorage.setItem('token', 'valid');
    renderPrivate('/users');
    expect(await screen.findByText('Página prohibida')).toBeDefined();
  });

  // 01 §2.1 / §4 Session: the root page, which shows the login view once the token is gone.
  it('end the session on INVALID_TOKEN: storage cleared and back to the root page', async () => {
    stubServer({
      '/graphql': {
        status: 200,
        body: {
          data: null,
          errors: [
            {
              message: 'Invalid token',
              extensions: { code: 'INVALID_TOKEN', userMessage: 'Sesión expirada' },
            },
          ],
        },
      },
    });
    localStorage.setItem('token', 'revoked');
    renderPrivate('/chat');
    expect(await screen.findByText('Página raíz')).toBeDefined();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keep the token and offer a retry when the first load fails for another reason', async () => {
    stubServer({
      '/graphql': [
        { status: 503, body: { code: 'SERVICE_UNAVAILABLE' } },
        { status: 200, body: { data: { me: makeMe('admin') } } },
      ],
    });
    localStorage.setItem('token', 'valid');
    renderPrivate('/chat');
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    expect(localStorage.getItem('token')).toBe('valid');
    retry.click();
    expect(await screen.findByText('Bandeja')).toBeDefined();
  });
});
