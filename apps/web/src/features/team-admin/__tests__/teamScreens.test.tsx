import { ApolloProvider } from '@apollo/client/react';
import { defaultWorkingHours, type RoleName } from '@crm/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { type GraphqlCall, stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../session/SessionContext';
import { TeamList } from '../components/TeamList';
import { TeamUserForm } from '../components/TeamUserForm';

function user(id: number, name: string, role: string, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'TeamUser',
    id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@empresa.com`,
    phone: null,
    imageUrl: null,
    isAvailable: true,
    rol: { __typename: 'Rol', id: id + 100, name: role },
    spaces: [{ __typename: 'Space', id: 1, name: 'General' }],
    isAdminOfIds: [],
    workingHours: null,
    location: null,
    categories: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    canManage: role !== 'superadmin',
    ...overrides,
  };
}

const TEAM = [
  user(1, 'Ana Pérez', 'admin', {
    location: { __typename: 'TeamLocation', id: 7, name: 'Sede Centro' },
    categories: [{ __typename: 'Category', id: 21, name: 'Autos' }],
  }),
  user(2, 'Sofía Dueña', 'superadmin'),
  user(3, 'Luis Ventas', 'agente', {
    workingHours: {
      __typename: 'TeamWorkingHours',
      ...defaultWorkingHours('America/Lima'),
      isActive: true,
      days: defaultWorkingHours('America/Lima').days.map((d) => ({ __typename: 'TeamWorkingDay', ...d })),
    },
  }),
];

function limits(users: number, usersLimit: number | null) {
  return { __typename: 'TeamLimits', users, admins: 2, usersLimit, adminsLimit: 3 };
}

type TeamRow = ReturnType<typeof user>;

function renderWithSession(
  role: RoleName,
  ui: React.ReactElement,
  teamLimits = limits(3, 10),
  adjust: (team: TeamRow[]) => TeamRow[] = (team) => team,
): GraphqlCall[] {
  let team = adjust(TEAM);
  const calls = stubGraphql((operation, variables) => {
    if (operation === 'Team') return { data: { teamUsers: team, teamLimits } };
    if (operation === 'TeamForm')
      return {
        data: {
          teamUsers: team,
          teamFormOptions: {
            __typename: 'TeamFormOptions',
            roles: [
              { __typename: 'Rol', id: 101, name: 'admin' },
              { __typename: 'Rol', id: 103, name: 'agente' },
              { __typename: 'Rol', id: 104, name: 'groupadmin' },
            ],
            spaces: [{ __typename: 'Space', id: 1, name: 'General' }],
            locations: [
              { __typename: 'TeamLocation', id: 7, name: 'Sede Centro' },
              { __typename: 'TeamLocation', id: 8, name: 'Sede Norte' },
            ],
            categories: [
              { __typename: 'Category', id: 21, name: 'Autos' },
              { __typename: 'Category', id: 22, name: 'Bienes raíces' },
            ],
            timezone: 'America/Mexico_City',
          },
        },
      };
    if (operation === 'UpdateUserAvailability') {
      team = team.map((u) =>
        u.id === variables.id ? { ...u, isAvailable: variables.isAvailable as boolean } : u,
      );
      return { data: { updateUserAvailability: team.find((u) => u.id === variables.id) } };
    }
    return { errors: [{ message: `No stub for ${operation}` }] };
  });
  localStorage.setItem('token', 'valid');
  const client = createApolloClient();
  render(
    <ApolloProvider client={client}>
      <SessionContext.Provider value={{ me: makeMe(role), refetchMe: async () => undefined }}>
        <MemoryRouter>{ui}</MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return calls;
}

afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
  vi.unstubAllGlobals();
});

describe('team list', () => {
  it('lists the team with hours and seats; nobody deletes the superadmin or themself', async () => {
    renderWithSession('admin', <TeamList />);
    const luis = await screen.findByTestId('team-row-3');
    expect(within(luis).getByTestId('team-hours').textContent).toBe('Lun–Vie 09:00–18:00');
    expect(within(luis).getByRole('button', { name: 'Eliminar a Luis Ventas' })).toBeTruthy();
    expect(within(screen.getByTestId('team-row-2')).queryByRole('button', { name: /Eliminar/ })).toBeNull();
    expect(within(screen.getByTestId('team-row-2')).queryByRole('button', { name: /Editar/ })).toBeNull();
    expect(within(screen.getByTestId('team-row-1')).queryByRole('button', { name: /Eliminar/ })).toBeNull();
    expect(screen.getByTestId('team-seats').textContent).toBe('Usuarios: 3 de 10 · Administradores: 2 de 3');
  });

  it('names the roles in Spanish, as the avatar panel does (issue 19)', async () => {
    renderWithSession('admin', <TeamList />);
    const ana = await screen.findByTestId('team-row-1');
    expect(within(ana).getByText('Administrador')).toBeTruthy();
    expect(within(screen.getByTestId('team-row-2')).getByText('Superadministrador')).toBeTruthy();
    expect(within(screen.getByTestId('team-row-3')).getByText('Agente')).toBeTruthy();
    for (const stored of ['admin', 'superadmin', 'agente']) expect(screen.queryByText(stored)).toBeNull();
  });

  it('filters by name or e-mail, accents aside', async () => {
    renderWithSession('admin', <TeamList />);
    await screen.findByTestId('team-row-3');
    fireEvent.change(screen.getByLabelText('Buscar en el equipo'), { target: { value: 'sofia' } });
    await waitFor(() => expect(screen.queryByTestId('team-row-3')).toBeNull());
    expect(screen.getByTestId('team-row-2')).toBeTruthy();
  });

  it('switches an agent unavailable', async () => {
    const calls = renderWithSession('admin', <TeamList />);
    const toggle = () => screen.getByRole('switch', { name: 'Disponibilidad de Luis Ventas' });
    await screen.findByTestId('team-row-3');
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('false'));
    expect(calls.find((c) => c.operationName === 'UpdateUserAvailability')?.variables).toEqual({
      id: 3,
      isAvailable: false,
    });
  });

  it("shows each user's location and categories", async () => {
    renderWithSession('admin', <TeamList />);
    const ana = await screen.findByTestId('team-row-1');
    expect(within(ana).getByTestId('team-location').textContent).toBe('Sede CentroAutos');
    expect(within(screen.getByTestId('team-row-3')).getByTestId('team-location').textContent).toBe('—');
  });

  it('offers no edit, delete or availability switch on a user the server says is out of reach', async () => {
    renderWithSession('admin', <TeamList />, limits(3, 10), (team) =>
      team.map((u) => (u.id === 1 ? { ...u, canManage: false } : u)),
    );
    const ana = await screen.findByTestId('team-row-1');
    expect(within(ana).queryByRole('button', { name: /Editar/ })).toBeNull();
    expect(within(ana).queryByRole('button', { name: /Eliminar/ })).toBeNull();
    expect(within(ana).getByRole('switch').hasAttribute('disabled')).toBe(true);
    expect(within(screen.getByTestId('team-row-3')).getByRole('button', { name: /Editar/ })).toBeTruthy();
  });

  it('disables the new-user button when the plan is full', async () => {
    renderWithSession('admin', <TeamList />, limits(10, 10));
    await screen.findByTestId('team-row-3');
    expect(screen.getByRole('button', { name: /Nuevo usuario/ }).hasAttribute('disabled')).toBe(true);
  });

  it('is read-only without writeUsers', async () => {
    renderWithSession('groupadmin', <TeamList />);
    const toggle = await screen.findByRole('switch', { name: 'Disponibilidad de Luis Ventas' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: /Nuevo usuario/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
  });
});

describe('user form', () => {
  it('shows the spec messages before sending anything', async () => {
    const calls = renderWithSession('admin', <TeamUserForm id={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Nombre obligatorio')).toBeTruthy();
    expect(screen.getByText('Correo obligatorio')).toBeTruthy();
    expect(screen.getByText('Contraseña obligatoria')).toBeTruthy();
    // The role's message under the field, besides its placeholder.
    expect(screen.getAllByText('Selecciona un rol')).toHaveLength(2);
    expect(screen.getByText('Selecciona al menos un espacio.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Segura123' } });
    fireEvent.change(screen.getByLabelText('Confirmar contraseña'), { target: { value: 'Otra1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Las contraseñas deben coincidir')).toBeTruthy();
    expect(calls.map((c) => c.operationName)).toEqual(['TeamForm']);
  });

  it("loads the edited user and keeps the password optional; 'Administra a' shows for group admins", async () => {
    renderWithSession('admin', <TeamUserForm id={3} />);
    await waitFor(() =>
      expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Luis Ventas'),
    );
    expect(screen.getByText('Déjala vacía para conservar la actual')).toBeTruthy();
    expect(screen.queryByLabelText('Administra a')).toBeNull();
    expect(
      (screen.getByRole('switch', { name: 'Activar horario laboral' }) as HTMLElement).getAttribute(
        'aria-checked',
      ),
    ).toBe('true');
    // Issue 19: the schedule's zone shows as a place and its offset, not as its IANA id.
    expect(within(screen.getByTestId('working-hours')).getByText('Lima (GMT-5)')).toBeTruthy();
    expect(screen.queryByText('America/Lima')).toBeNull();
    fireEvent.mouseDown(screen.getByLabelText('Rol'));
    // Issue 19: the role picker names the default roles in Spanish.
    fireEvent.click(await screen.findByTitle('Administrador de grupo'));
    expect(await screen.findByLabelText('Administra a')).toBeTruthy();
  });

  it('loads the location and categories of the edited user and sends the chosen ones', async () => {
    const sent: FormData[] = [];
    // The form posts through XMLHttpRequest (upload progress); the request is only recorded here.
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation((body) => {
      sent.push(body as FormData);
    });
    renderWithSession('admin', <TeamUserForm id={1} />);
    await waitFor(() =>
      expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Ana Pérez'),
    );
    const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
    expect(within(fieldOf('Ubicación')).getByText('Sede Centro')).toBeTruthy();
    expect(within(fieldOf('Categorías')).getByText('Autos')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Categorías'));
    fireEvent.click(await screen.findByTitle('Bienes raíces'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.get('locationId')).toBe('7');
    expect(JSON.parse(sent[0]?.get('categoriesIds') as string)).toEqual([21, 22]);
    send.mockRestore();
  });

  it('does not open the form of a user the server says is out of reach', async () => {
    renderWithSession('admin', <TeamUserForm id={1} />, limits(3, 10), (team) =>
      team.map((u) => (u.id === 1 ? { ...u, canManage: false } : u)),
    );
    expect((await screen.findByTestId('team-form-unavailable')).textContent).toContain(
      'No puedes modificar a un usuario con permisos que tú no tienes.',
    );
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });
});
