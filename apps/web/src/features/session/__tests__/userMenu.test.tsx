import { ApolloProvider } from '@apollo/client/react';
import type { RoleName } from '@crm/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { UserMenu } from '../components/UserMenu';
import { SessionContext } from '../SessionContext';

function renderMenu(role: RoleName) {
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me: makeMe(role), refetchMe: async () => undefined }}>
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
});
