import { ApolloProvider } from '@apollo/client/react';
import type { RoleName } from '@crm/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { type GraphqlCall, stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../session/SessionContext';
import { SpacesList } from '../components/SpacesList';

function channel(id: number, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Channel',
    id,
    name: `Canal ${id}`,
    platform: 'sandbox',
    phone: '5215500000099',
    pageId: null,
    imageUrl: null,
    isActive: true,
    useChatbot: false,
    expiresAt: null,
    slotStatus: null,
    spaceIds: [1],
    ...overrides,
  };
}

const SPACES = [
  {
    __typename: 'Space',
    id: 1,
    name: 'General',
    isDefault: true,
    imageUrl: null,
    channels: [{ __typename: 'Channel', id: 3, name: 'Canal 3', platform: 'sandbox', isActive: true }],
  },
  {
    __typename: 'Space',
    id: 2,
    name: 'Ventas',
    isDefault: false,
    imageUrl: null,
    channels: [],
  },
];

function setup(role: RoleName, initial = [channel(3, { useChatbot: true })]): GraphqlCall[] {
  // The server's state: each mutation changes it and the list is read again.
  let channels = initial;
  const update = (id: number, change: Record<string, unknown>) => {
    channels = channels.map((c) => (c.id === id ? { ...c, ...change } : c));
    return channels.find((c) => c.id === id);
  };
  const calls = stubGraphql((operation, variables) => {
    if (operation === 'SpacesAdmin') return { data: { spaces: SPACES, channels } };
    if (operation === 'DeactivateChannel')
      return { data: { deactivateChannel: update(variables.id as number, { isActive: false }) } };
    if (operation === 'ActivateChannel')
      return {
        data: { activateChannel: update(variables.id as number, { isActive: true, useChatbot: false }) },
      };
    return { errors: [{ message: `No stub for ${operation}` }] };
  });
  localStorage.setItem('token', 'valid');
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me: makeMe(role), refetchMe: async () => undefined }}>
        <MemoryRouter>
          <SpacesList />
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return calls;
}

describe('spaces list', () => {
  afterEach(async () => {
    cleanup();
    // React's scheduler finishes the unmount before the test environment is torn down.
    await new Promise((resolve) => setTimeout(resolve, 20));
    vi.unstubAllGlobals();
  });

  it('shows each space with its channels; the default space cannot be edited or deleted', async () => {
    setup('admin');
    const general = await screen.findByTestId('space-card-1');
    expect(within(general).getByText('Predeterminado')).toBeTruthy();
    expect(within(general).getByText('Canal 3')).toBeTruthy();
    expect(within(general).queryByText('Editar')).toBeNull();
    const ventas = screen.getByTestId('space-card-2');
    expect(within(ventas).getByText('Sin canales')).toBeTruthy();
    expect(within(ventas).getByRole('button', { name: 'Eliminar Ventas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Nuevo espacio/ })).toBeTruthy();
  });

  it('deactivates a channel, then activating it turns the chatbot off', async () => {
    const calls = setup('admin');
    await screen.findByTestId('channel-row-3');
    const row = () => screen.getByTestId('channel-row-3');
    const active = () => within(row()).getByRole('switch', { name: 'Canal Canal 3 activo' });
    const chatbot = () => within(row()).getByRole('switch', { name: 'Chatbot de Canal 3' });
    expect(chatbot().getAttribute('aria-checked')).toBe('true');

    fireEvent.click(active());
    await waitFor(() => expect(active().getAttribute('aria-checked')).toBe('false'));
    expect(calls.some((c) => c.operationName === 'DeactivateChannel' && c.variables.id === 3)).toBe(true);
    await waitFor(() => expect(within(row()).getByText('Inactivo')).toBeTruthy());

    fireEvent.click(active());
    await waitFor(() => expect(active().getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect(chatbot().getAttribute('aria-checked')).toBe('false'));
  });

  it('shows a read-only list to a role with readSpaces only', async () => {
    setup('groupadmin');
    const row = await screen.findByTestId('channel-row-3');
    expect(within(row).getByRole('switch', { name: 'Canal Canal 3 activo' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(within(row).queryByText('Renombrar')).toBeNull();
    expect(screen.queryByRole('button', { name: /Nuevo espacio/ })).toBeNull();
  });
});
