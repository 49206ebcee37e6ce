import { ApolloProvider } from '@apollo/client/react';
import type { RoleName } from '@crm/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppShell } from '../../../app/shell/AppShell';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { SessionContext } from '../../session/SessionContext';

function renderShell(role: RoleName) {
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me: makeMe(role), refetchMe: async () => undefined }}>
        <MemoryRouter initialEntries={['/chat']}>
          <AppShell>
            <Routes>
              <Route path="/chat" element={<p>Bandeja</p>} />
              <Route path="/simulador" element={<p>Página del simulador</p>} />
            </Routes>
          </AppShell>
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
}

describe('simulator in the top bar (issue 19)', () => {
  it('takes an admin to the simulator from the top bar, without opening the avatar panel', async () => {
    renderShell('admin');
    const link = within(screen.getByTestId('top-bar')).getByRole('link', { name: 'Simulador de clientes' });
    fireEvent.click(link);
    expect(await screen.findByText('Página del simulador')).toBeDefined();
  });

  it('is not in the top bar of an agente, who may not use it', () => {
    renderShell('agente');
    expect(screen.getByText('Bandeja')).toBeDefined();
    expect(screen.queryByTestId('top-bar-simulator')).toBeNull();
  });
});
