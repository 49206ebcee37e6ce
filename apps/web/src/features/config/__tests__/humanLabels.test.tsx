import { ApolloProvider } from '@apollo/client/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../session/SessionContext';
import { CompanyProfileCard } from '../company/components/CompanyProfileCard';
import { RolesTab } from '../roles/RolesTab';

const role = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'Rol',
  id,
  name,
  permissions: ['readChat'],
  userCount: 1,
  isSuperadmin: false,
  isAdmin: false,
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('human Spanish labels in /config (issue 19)', () => {
  it('names the default roles in Spanish in Roles, custom ones as stored', async () => {
    stubGraphql((operation) =>
      operation === 'ConfigRoles'
        ? {
            data: {
              roles: [
                role(1, 'superadmin', { isSuperadmin: true, isAdmin: true }),
                role(2, 'admin', { isAdmin: true }),
                role(3, 'groupadmin'),
                role(4, 'agente'),
                role(5, 'Community Manager'),
              ],
            },
          }
        : { errors: [{ message: `No stub for ${operation}` }] },
    );
    localStorage.setItem('token', 'valid');
    render(
      <ApolloProvider client={createApolloClient()}>
        <SessionContext.Provider value={{ me: makeMe('admin'), refetchMe: async () => undefined }}>
          <MemoryRouter initialEntries={['/config']}>
            <RolesTab />
          </MemoryRouter>
        </SessionContext.Provider>
      </ApolloProvider>,
    );
    const table = (await screen.findByText('Superadministrador')).closest('table') as HTMLElement;
    for (const label of ['Administrador', 'Administrador de grupo', 'Agente', 'Community Manager']) {
      expect(within(table).getByText(label)).toBeDefined();
    }
    for (const stored of ['superadmin', 'admin', 'groupadmin', 'agente']) {
      expect(within(table).queryByText(stored)).toBeNull();
    }
  });

  it('shows the company’s time zone as a place and its offset, and saves the zone id', async () => {
    const saved: unknown[] = [];
    render(
      <CompanyProfileCard
        name="Demo"
        timezone="America/Mexico_City"
        canWrite
        onSave={async (values) => saved.push(values)}
      />,
    );
    expect(await screen.findByText('Ciudad de México (GMT-6)')).toBeDefined();
    expect(screen.queryByText('America/Mexico_City')).toBeNull();
    fireEvent.mouseDown(screen.getByLabelText('Zona horaria'));
    fireEvent.change(screen.getByLabelText('Zona horaria'), { target: { value: 'bogota' } });
    fireEvent.click(await screen.findByTitle('Bogotá (GMT-5)'));
    fireEvent.submit(screen.getByLabelText('Zona horaria').closest('form') as HTMLFormElement);
    await vi.waitFor(() => expect(saved).toEqual([{ name: 'Demo', timezone: 'America/Bogota' }]));
  });
});
