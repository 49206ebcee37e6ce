import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { BoardsPage } from '../pages/BoardsPage';
import {
  callsNamed,
  column,
  location,
  MEMBER,
  OWNER,
  renderPage,
  stubBoardsServer,
  summary,
  view,
} from './boardsTestKit';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/toast', () => ({
  toast: {
    error: (text: string) => toasts.push(text),
    success: (text: string) => toasts.push(text),
    warning: (text: string) => toasts.push(text),
    info: (text: string) => toasts.push(text),
    close: () => undefined,
  },
}));

vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

const OWN = summary({ id: 5, name: 'Ventas', contactsCount: 3, amounts: 1500.5 });
const SHARED = summary({
  id: 6,
  name: 'Soporte',
  description: null,
  owner: MEMBER,
  members: [OWNER],
  access: 'member',
  contactsCount: 0,
  amounts: 0,
});
const GUEST_OF = summary({ id: 7, name: 'Dirección', owner: MEMBER, guests: [OWNER], access: 'guest' });

const boardCard = (name: string) => screen.getByRole('article', { name });

describe('boards list', () => {
  afterEach(() => {
    toasts.length = 0;
    vi.unstubAllGlobals();
  });

  it('lists the boards with owner, contacts, MXN total and the Compartido tag on shared ones', async () => {
    const calls = stubBoardsServer({ 'GET /boards/user/1': { status: 200, body: [OWN, SHARED, GUEST_OF] } });
    renderPage('/boards', '/boards', <BoardsPage />);
    const ventas = await screen.findByRole('article', { name: 'Ventas' });
    expect(within(ventas).getByText('Embudo de ventas')).toBeDefined();
    expect(within(ventas).getByText('Ana Pérez')).toBeDefined();
    expect(within(ventas).getByText('3')).toBeDefined();
    expect(within(ventas).getByText('$1,500.50')).toBeDefined();
    expect(within(ventas).queryByText('Compartido')).toBeNull();
    expect(within(boardCard('Soporte')).getByText('Compartido')).toBeDefined();
    expect(within(ventas).getByRole('link', { name: 'Ventas' }).getAttribute('href')).toBe('/boards/5');
    expect(callsNamed(calls, 'GET /boards/user/1')).toHaveLength(1);
  });

  it('offers delete and share to the owner only, edit to members, nothing to guests', async () => {
    stubBoardsServer({ 'GET /boards/user/1': { status: 200, body: [OWN, SHARED, GUEST_OF] } });
    renderPage('/boards', '/boards', <BoardsPage />);
    const ventas = await screen.findByRole('article', { name: 'Ventas' });
    for (const label of ['Editar Ventas', 'Compartir Ventas', 'Eliminar Ventas']) {
      expect(within(ventas).getByRole('button', { name: label })).toBeDefined();
    }
    const soporte = boardCard('Soporte');
    expect(within(soporte).getByRole('button', { name: 'Editar Soporte' })).toBeDefined();
    expect(within(soporte).queryByRole('button', { name: 'Eliminar Soporte' })).toBeNull();
    expect(within(soporte).queryByRole('button', { name: 'Compartir Soporte' })).toBeNull();
    expect(within(boardCard('Dirección')).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows the empty state when the user has no boards', async () => {
    stubBoardsServer({ 'GET /boards/user/1': { status: 200, body: [] } });
    renderPage('/boards', '/boards', <BoardsPage />);
    expect(await screen.findByText('Aún no tienes tableros')).toBeDefined();
  });

  it('creates a board with the three default columns and opens it', async () => {
    const calls = stubBoardsServer({
      'GET /boards/user/1': { status: 200, body: [] },
      'POST /boards': { status: 201, body: view([column(31, 'Nuevos', [])], { id: 9, name: 'Prospectos' }) },
    });
    renderPage('/boards', '/boards', <BoardsPage />);
    await screen.findByText('Aún no tienes tableros');
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo tablero' }));
    const dialog = await screen.findByRole('dialog');
    // Submitting without a name is refused with the spec's text.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await within(dialog).findByText('Nombre obligatorio')).toBeDefined();
    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: ' Prospectos ' } });
    fireEvent.change(within(dialog).getByLabelText('Descripción'), {
      target: { value: 'Leads de noviembre' },
    });
    expect((within(dialog).getByLabelText('Nombre de la columna 2') as HTMLInputElement).value).toBe(
      'En negociación',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar columna' }));
    fireEvent.change(within(dialog).getByLabelText('Nombre de la columna 4'), {
      target: { value: 'Perdidos' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(location()).toBe('/boards/9'));
    expect(callsNamed(calls, 'POST /boards')[0]?.body).toEqual({
      name: 'Prospectos',
      description: 'Leads de noviembre',
      columns: [{ name: 'Nuevos' }, { name: 'En negociación' }, { name: 'Cerrados' }, { name: 'Perdidos' }],
    });
  });

  it('deletes a board only after the confirmation', async () => {
    const calls = stubBoardsServer({
      'GET /boards/user/1': { status: 200, body: [OWN, SHARED] },
      'DELETE /boards/5': { status: 204, body: null },
    });
    renderPage('/boards', '/boards', <BoardsPage />);
    const ventas = await screen.findByRole('article', { name: 'Ventas' });
    fireEvent.click(within(ventas).getByRole('button', { name: 'Eliminar Ventas' }));
    const confirm = await screen.findByText(
      '¿Seguro que quieres eliminar este tablero? Esta acción no se puede deshacer.',
    );
    expect(callsNamed(calls, 'DELETE /boards/5')).toHaveLength(0);
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ventas' })).toBeNull());
    expect(callsNamed(calls, 'DELETE /boards/5')).toHaveLength(1);
    expect(boardCard('Soporte')).toBeDefined();
    expect(toasts).toEqual(['Tablero eliminado']);
  });

  it('shares a board: members and guests picked among the company users, saved with PUT', async () => {
    const calls = stubBoardsServer(
      {
        'GET /boards/user/1': { status: 200, body: [OWN] },
        'PUT /boards/5': { status: 200, body: view([], { members: [MEMBER] }) },
      },
      {
        agents: [
          { __typename: 'Agent', id: 1, name: 'Ana Pérez', isAvailable: true, roleName: 'admin' },
          { __typename: 'Agent', id: 2, name: 'Bruno Díaz', isAvailable: true, roleName: 'agente' },
          { __typename: 'Agent', id: 3, name: 'Carla Ruiz', isAvailable: false, roleName: 'agente' },
        ],
      },
    );
    renderPage('/boards', '/boards', <BoardsPage />, makeMe('admin'));
    const ventas = await screen.findByRole('article', { name: 'Ventas' });
    fireEvent.click(within(ventas).getByRole('button', { name: 'Compartir Ventas' }));
    const dialog = await screen.findByRole('dialog');
    const members = within(dialog).getByLabelText('Miembros (pueden editar)');
    fireEvent.mouseDown(members);
    // The owner is neither member nor guest.
    await screen.findByTitle('Bruno Díaz');
    expect(screen.queryByTitle('Ana Pérez')).toBeNull();
    fireEvent.click(screen.getByTitle('Bruno Díaz'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsNamed(calls, 'PUT /boards/5')).toHaveLength(1));
    expect(callsNamed(calls, 'PUT /boards/5')[0]?.body).toEqual({ members: [2], guests: [] });
  });
});
