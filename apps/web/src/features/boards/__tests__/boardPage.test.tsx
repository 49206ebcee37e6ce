import type { BoardUpdatedPayload } from '@crm/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { emit } from '../../../test/socketStub';
import { BoardPage } from '../pages/BoardPage';
import {
  callsNamed,
  card,
  column,
  layOutBoard,
  location,
  renderPage,
  stubBoardsServer,
  view,
} from './boardsTestKit';

// Toasts are recorded: antd's static holder lives outside the rendered tree.
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

const LUCIA = card({
  id: 11,
  name: 'Lucía Gómez',
  amount: 1000,
  tags: [{ id: 1, name: 'VIP', color: 'gold' }],
});
const MARIO = card({ id: 12, name: 'Mario Ruiz', amount: 500.25, phone: null });
const SOFIA = card({ id: 13, name: 'Sofía Luna', amount: null });

const BOARD = view(
  [
    column(21, 'Nuevos', [LUCIA, MARIO], {
      followUpMessage: { text: 'Hola', delayMinutes: 60, templateId: null },
    }),
    column(22, 'En negociación', [SOFIA], { description: 'Con propuesta enviada' }),
    column(23, 'Cerrados', []),
  ],
  { version: 3 },
);

const region = (name: string) => screen.getByRole('region', { name: `Columna ${name}` });
const cardIn = (columnName: string, name: string) =>
  within(region(columnName)).getByRole('article', { name });

function sendBoardUpdated(payload: BoardUpdatedPayload) {
  emit('boardUpdated', payload);
}

/** Picks up a card with the keyboard, moves it one column right and drops it (dnd-kit's keyboard sensor). */
async function keyboardMoveRight(name: string) {
  const node = screen.getByRole('article', { name });
  act(() => node.focus());
  fireEvent.keyDown(node, { code: 'Space', key: ' ' });
  await screen.findByText(/Tomaste la tarjeta/);
  fireEvent.keyDown(document, { code: 'ArrowRight', key: 'ArrowRight' });
  await screen.findByText(/Moviste la tarjeta/);
  fireEvent.keyDown(document, { code: 'Space', key: ' ' });
}

describe('board page', () => {
  let restoreLayout: () => void;
  beforeEach(() => {
    restoreLayout = layOutBoard();
  });
  afterEach(() => {
    restoreLayout();
    toasts.length = 0;
    vi.unstubAllGlobals();
  });

  it('shows the columns side by side with their cards, counts, MXN totals and the follow-up badge', async () => {
    stubBoardsServer({ 'GET /boards/5': { status: 200, body: BOARD } });
    renderPage('/boards/5', '/boards/:id', <BoardPage />);
    expect(await screen.findByRole('heading', { name: 'Ventas' })).toBeDefined();
    const nuevos = region('Nuevos');
    expect(within(nuevos).getByText('2 contactos')).toBeDefined();
    expect(within(nuevos).getByText(/1,500\.25/)).toBeDefined();
    expect(within(nuevos).getByText('Seguimiento')).toBeDefined();
    expect(within(region('Cerrados')).getByText('Arrastra contactos aquí')).toBeDefined();
    const lucia = cardIn('Nuevos', 'Lucía Gómez');
    expect(within(lucia).getByText('VIP')).toBeDefined();
    expect(within(lucia).getByText('+525511110000')).toBeDefined();
    expect(
      within(lucia)
        .getByRole('link', { name: /Abrir conversación/ })
        .getAttribute('href'),
    ).toBe('/chat/111');
    // 02 §3: the phone only with canSeePhoneNumber — the API sends null otherwise and the card shows none.
    const mario = cardIn('Nuevos', 'Mario Ruiz');
    expect(within(mario).queryByText(/\+52/)).toBeNull();
    expect(within(mario).getByText('Bruno Díaz')).toBeDefined();
  });

  it('moves a card with the keyboard, posts {columnId, index} and shows the server answer', async () => {
    const answer = view(
      [
        column(21, 'Nuevos', [MARIO]),
        column(22, 'En negociación', [LUCIA, SOFIA]),
        column(23, 'Cerrados', []),
      ],
      { version: 4 },
    );
    const calls = stubBoardsServer({
      'GET /boards/5': { status: 200, body: BOARD },
      'POST /boards/5/items/11/move': { status: 200, body: answer },
    });
    renderPage('/boards/5', '/boards/:id', <BoardPage />);
    await screen.findByRole('region', { name: 'Columna Nuevos' });
    await keyboardMoveRight('Lucía Gómez');
    await waitFor(() => expect(callsNamed(calls, 'POST /boards/5/items/11/move')).toHaveLength(1));
    expect(callsNamed(calls, 'POST /boards/5/items/11/move')[0]?.body).toEqual({ columnId: 22, index: 0 });
    await waitFor(() => expect(within(region('En negociación')).getByText('2 contactos')).toBeDefined());
    expect(cardIn('En negociación', 'Lucía Gómez')).toBeDefined();
    expect(within(region('Nuevos')).queryByRole('article', { name: 'Lucía Gómez' })).toBeNull();
    expect(
      screen.getByText(/Soltaste la tarjeta Lucía Gómez en la columna En negociación, posición 1/),
    ).toBeDefined();
  });

  it('puts a card back where it was and shows the error when the move fails', async () => {
    let release: (reply: { status: number; body: unknown }) => void = () => undefined;
    stubBoardsServer({
      'GET /boards/5': { status: 200, body: BOARD },
      'POST /boards/5/items/11/move': () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    });
    renderPage('/boards/5', '/boards/:id', <BoardPage />);
    await screen.findByRole('region', { name: 'Columna Nuevos' });
    await keyboardMoveRight('Lucía Gómez');
    // Optimistic: the card is in its new column before the server answers.
    await waitFor(() => expect(cardIn('En negociación', 'Lucía Gómez')).toBeDefined());
    release({
      status: 403,
      body: { code: 'FORBIDDEN', userMessage: 'No tienes permiso para editar este tablero' },
    });
    await waitFor(() => expect(cardIn('Nuevos', 'Lucía Gómez')).toBeDefined());
    expect(toasts).toEqual(['No tienes permiso para editar este tablero']);
    expect(within(region('En negociación')).queryByRole('article', { name: 'Lucía Gómez' })).toBeNull();
  });

  it('reloads on a newer boardUpdated event, ignores an older one and leaves when the board is removed', async () => {
    const newer = view([column(21, 'Nuevos', [LUCIA, MARIO, SOFIA]), column(23, 'Cerrados', [])], {
      version: 9,
    });
    let loads = 0;
    const calls = stubBoardsServer({
      'GET /boards/5': () => {
        loads += 1;
        return { status: 200, body: loads === 1 ? BOARD : newer };
      },
    });
    renderPage('/boards/5', '/boards/:id', <BoardPage />);
    await screen.findByRole('region', { name: 'Columna Nuevos' });
    sendBoardUpdated({ boardId: 5, version: 3, removed: false, byUserId: 2 });
    sendBoardUpdated({ boardId: 6, version: 30, removed: false, byUserId: 2 });
    expect(callsNamed(calls, 'GET /boards/5')).toHaveLength(1);
    sendBoardUpdated({ boardId: 5, version: 9, removed: false, byUserId: 2 });
    await waitFor(() => expect(within(region('Nuevos')).getByText('3 contactos')).toBeDefined());
    expect(screen.queryByRole('region', { name: 'Columna En negociación' })).toBeNull();
    expect(callsNamed(calls, 'GET /boards/5')).toHaveLength(2);
    sendBoardUpdated({ boardId: 5, version: 10, removed: true, byUserId: 1 });
    await waitFor(() => expect(location()).toBe('/boards'));
    expect(toasts).toEqual(['El tablero fue eliminado o ya no tienes acceso a él.']);
  });

  it('shows a guest everything read-only: no drag, no buttons', async () => {
    stubBoardsServer({ 'GET /boards/5': { status: 200, body: { ...BOARD, access: 'guest' } } });
    renderPage('/boards/5', '/boards/:id', <BoardPage />, makeMe('agente', { id: 9 }));
    await screen.findByRole('region', { name: 'Columna Nuevos' });
    expect(screen.getByText('Solo lectura: eres invitado en este tablero.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Agregar contacto' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mover columna/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Quitar del tablero/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
    const lucia = cardIn('Nuevos', 'Lucía Gómez');
    expect(lucia.getAttribute('tabindex')).toBeNull();
    expect(within(lucia).getByText(/1,000\.00/)).toBeDefined();
  });

  it('adds a contact found with the contacts search to the chosen column', async () => {
    const added = view(
      [
        column(21, 'Nuevos', [LUCIA, MARIO]),
        column(22, 'En negociación', [SOFIA, card({ id: 14, name: 'Raúl Peña' })]),
      ],
      { version: 4 },
    );
    const calls = stubBoardsServer({
      'GET /boards/5': { status: 200, body: BOARD },
      'POST /conversations_by_filter': {
        status: 200,
        body: {
          clients: [
            { id: 114, name: 'Raúl', lastName: 'Peña', nameFromChannel: 'Raúl', number: '+525500000014' },
          ],
          hasMore: false,
          cursor: null,
        },
      },
      'POST /boards/5/items': { status: 201, body: added },
    });
    renderPage('/boards/5', '/boards/:id', <BoardPage />);
    await screen.findByRole('region', { name: 'Columna Nuevos' });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar contacto' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('Contacto'));
    fireEvent.click(await screen.findByTitle('Raúl Peña · +525500000014'));
    fireEvent.mouseDown(within(dialog).getByLabelText('Columna'));
    fireEvent.click(await screen.findByTitle('En negociación'));
    fireEvent.click(
      within(dialog).getAllByRole('button', { name: 'Agregar contacto' }).at(-1) as HTMLElement,
    );
    await waitFor(() => expect(cardIn('En negociación', 'Raúl Peña')).toBeDefined());
    expect(callsNamed(calls, 'POST /boards/5/items')[0]?.body).toEqual({
      clientId: 114,
      columnId: 22,
      amount: null,
    });
  });
  it('sets the template a column’s follow-up sends once the 24-hour window has closed', async () => {
    const template = {
      id: 77,
      channelId: 1,
      channel: { id: 1, name: 'WhatsApp Ventas', providerId: '100' },
      name: 'seguimiento_pedido',
      language: 'es_MX',
      status: 'accepted',
      rawStatus: 'APPROVED',
      reason: null,
      type: 'TEXT',
      category: 'UTILITY',
      components: [],
      variables: 1,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const calls = stubBoardsServer({
      'GET /boards/5': { status: 200, body: BOARD },
      'GET /whatsappTemplate/1': {
        status: 200,
        body: [template, { ...template, id: 78, name: 'rechazada', status: 'rejected' }],
      },
      'PUT /boards/5': { status: 200, body: { ...BOARD, version: 4 } },
    });
    renderPage('/boards/5', '/boards/:id', <BoardPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar columna Nuevos' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(await within(dialog).findByLabelText('Plantilla fuera de la ventana de 24 horas'));
    // Only approved templates are offered.
    fireEvent.click(await screen.findByTitle('seguimiento_pedido · WhatsApp Ventas'));
    expect(screen.queryByTitle(/rechazada/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsNamed(calls, 'PUT /boards/5')).toHaveLength(1));
    const body = callsNamed(calls, 'PUT /boards/5')[0]?.body as {
      columns: Array<{ id?: number; followUpMessage: unknown }>;
    };
    expect(body.columns.find((c) => c.id === 21)?.followUpMessage).toEqual({
      text: 'Hola',
      delayMinutes: 60,
      templateId: 77,
    });
  });
});
