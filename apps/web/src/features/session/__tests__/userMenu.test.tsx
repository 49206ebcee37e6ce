import { ApolloProvider } from '@apollo/client/react';
import type { RoleName } from '@crm/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { stubServer } from '../../../test/stubServer';
import { UserMenu } from '../components/UserMenu';
import { SessionContext } from '../SessionContext';

function renderMenu(role: RoleName, refetchMe: () => Promise<void> = async () => undefined) {
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me: makeMe(role), refetchMe }}>
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
}

describe('user panel', () => {
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
    let reloaded = 0;
    renderMenu('agente', async () => {
      reloaded += 1;
    });
    const toggle = await screen.findByTestId('availability-switch');
    fireEvent.click(toggle);
    await waitFor(() => expect(reloaded).toBe(1));
    const sent = calls.find((call) => call.path === '/graphql')?.body as {
      variables: { isAvailable: boolean };
    };
    expect(sent.variables).toEqual({ isAvailable: !makeMe('agente').isAvailable });
  });
});
