import { ApolloProvider } from '@apollo/client/react';
import type { RoleName } from '@crm/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { stubServer } from '../../../test/stubServer';
import type { Me } from '../api/me.graphql';
import { UserMenu } from '../components/UserMenu';
import { SessionContext } from '../SessionContext';

const TWO_SPACES = {
  spaces: [
    { __typename: 'Space' as const, id: 1, name: 'General', isDefault: true },
    { __typename: 'Space' as const, id: 2, name: 'Ventas', isDefault: false },
  ],
  selectedSpaceId: 1,
};

/** The panel opened for `role`; `reloads()` counts the refetches of the user it asked for. */
function renderMenu(role: RoleName, me: Partial<Me> = {}): { reloads: () => number } {
  let reloads = 0;
  const refetchMe = async () => {
    reloads += 1;
  };
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me: makeMe(role, me), refetchMe }}>
        <MemoryRouter initialEntries={['/chat']}>
          <UserMenu />
          <Routes>
            <Route path="/chat" element={<p>Bandeja</p>} />
            <Route path="/simulador" element={<p>Página del simulador</p>} />
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  fireEvent.click(screen.getByTestId('avatar'));
  return { reloads: () => reloads };
}

describe('user panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('offers an admin the customer simulator and takes them there', async () => {
    renderMenu('admin');
    fireEvent.click(await screen.findByRole('link', { name: 'Simulador de clientes' }));
    expect(await screen.findByText('Página del simulador')).toBeDefined();
  });

  it('does not offer the simulator to an agente', async () => {
    renderMenu('agente');
    expect(await screen.findByTestId('user-panel')).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Simulador de clientes' })).toBeNull();
  });

  it('switches the agent’s availability and reloads their data', async () => {
    const calls = stubServer({
      '/graphql': { status: 200, body: { data: { setAvailability: { id: 1, isAvailable: false } } } },
    });
    const menu = renderMenu('agente');
    const toggle = await screen.findByTestId('availability-switch');
    fireEvent.click(toggle);
    await waitFor(() => expect(menu.reloads()).toBe(1));
    const sent = calls.find((call) => call.path === '/graphql')?.body as {
      variables: { isAvailable: boolean };
    };
    expect(sent.variables).toEqual({ isAvailable: !makeMe('agente').isAvailable });
  });

  // 01 §2.2: switching selects the space and reloads; a failure shows an error toast.
  it('switches the selected space and reloads the user', async () => {
    const calls = stubServer({
      '/graphql': { status: 200, body: { data: { selectSpace: { id: 1, selectedSpaceId: 2 } } } },
    });
    const menu = renderMenu('agente', TWO_SPACES);
    fireEvent.click(await screen.findByTestId('space-2'));
    await waitFor(() => expect(menu.reloads()).toBe(1));
    const sent = calls.find((call) => call.path === '/graphql')?.body as { variables: { spaceId: number } };
    expect(sent.variables).toEqual({ spaceId: 2 });
  });

  it('shows an error toast when the space cannot be switched, and reloads nothing', async () => {
    stubServer({
      '/graphql': {
        status: 200,
        body: {
          data: null,
          errors: [
            {
              message: 'Bad space',
              extensions: {
                code: 'VALIDATION_ERROR',
                userMessage: 'El espacio no existe.',
                field: 'spaceId',
              },
            },
          ],
        },
      },
    });
    const menu = renderMenu('agente', TWO_SPACES);
    fireEvent.click(await screen.findByTestId('space-2'));
    expect(await screen.findByText('El espacio no existe.')).toBeDefined();
    expect(menu.reloads()).toBe(0);
  });

  // 01 §4 Session: a failed logout shows an error toast and keeps the session.
  it('shows an error toast when the logout fails and keeps the token', async () => {
    localStorage.setItem('token', 'valid');
    stubServer({
      '/api/logout': {
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'down', userMessage: 'Ha ocurrido un error' },
      },
    });
    renderMenu('agente');
    fireEvent.click(await screen.findByRole('button', { name: /Cerrar sesión/ }));
    expect(await screen.findByText('Ha ocurrido un error')).toBeDefined();
    expect(localStorage.getItem('token')).toBe('valid');
  });
});
