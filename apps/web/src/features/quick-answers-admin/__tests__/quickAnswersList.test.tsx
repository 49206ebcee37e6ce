import { ApolloProvider } from '@apollo/client/react';
import type { RoleName } from '@crm/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { type GraphqlCall, stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../session/SessionContext';
import { QuickAnswersList } from '../components/QuickAnswersList';

const ANSWERS = [
  {
    __typename: 'QuickAnswer',
    id: 2,
    spaceId: 1,
    shortcut: 'saludo',
    text: 'Hola {{nombre_cliente}}, soy {{nombre_agente}}.',
    file: null,
    lastUse: null,
    frecuency: 0,
    createdAt: '2026-11-20T16:00:00.000Z',
  },
  {
    __typename: 'QuickAnswer',
    id: 1,
    spaceId: 1,
    shortcut: 'catalogo',
    text: '',
    file: { name: 'catálogo.pdf', url: 'http://x/uploads/c.pdf', fileType: 'document', weight: 2_621_440 },
    lastUse: '2026-11-21T18:30:00.000Z',
    frecuency: 4,
    createdAt: '2026-11-19T16:00:00.000Z',
  },
];

const INTERNAL = { errors: [{ message: 'boom', extensions: { code: 'INTERNAL_ERROR' } }] };

function setup(role: RoleName = 'admin', fail: 'list' | 'delete' | null = null): GraphqlCall[] {
  const calls = stubGraphql((operation, variables) => {
    if (fail === 'list' && operation === 'AdminQuickAnswers') return INTERNAL;
    if (fail === 'delete' && operation === 'AdminDeleteQuickAnswer') return INTERNAL;
    if (operation === 'AdminQuickAnswers') {
      const search = (variables.search as string | null) ?? '';
      return { data: { quickAnswers: ANSWERS.filter((answer) => answer.shortcut.includes(search)) } };
    }
    if (operation === 'AdminDeleteQuickAnswer')
      return { data: { deleteQuickAnswer: { __typename: 'QuickAnswer', id: variables.id } } };
    return { errors: [{ message: `No stub for ${operation}` }] };
  });
  localStorage.setItem('token', 'valid');
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me: makeMe(role), refetchMe: async () => undefined }}>
        <MemoryRouter>
          <QuickAnswersList />
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return calls;
}

const rows = () => screen.getByTestId('quick-answers-table').querySelectorAll('tr.ant-table-row');

describe('quick answers list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("lists the selected space's answers with placeholders, file, uses and last use", async () => {
    const calls = setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = [...rows()] as HTMLElement[];
    expect(within(first as HTMLElement).getByText('/saludo')).toBeDefined();
    expect(within(first as HTMLElement).getByText('Nombre del cliente')).toBeDefined();
    expect(within(first as HTMLElement).getByText('Nombre del agente')).toBeDefined();
    expect(first?.textContent).toContain('Nunca');
    expect(second?.textContent).toContain('catálogo.pdf · 2.5 MB');
    expect(second?.textContent).toContain('Solo archivo');
    expect(second?.textContent).toContain('4');
    expect(calls[0]?.variables).toEqual({ spaceId: 1, order: 'desc', search: null });
    expect(screen.getByRole('link', { name: /Nueva respuesta rápida/ }).getAttribute('href')).toBe(
      '/quickAnswers/new',
    );
    expect(screen.getByRole('link', { name: 'Editar /saludo' }).getAttribute('href')).toBe(
      '/quickAnswers/new?id=2',
    );
  });

  it('searches after a pause and deletes after confirming', async () => {
    const calls = setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Buscar respuestas rápidas'), { target: { value: 'cata' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.at(-1)?.variables).toMatchObject({ search: 'cata' });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar /catalogo' }));
    const confirm = await screen.findByText('¿Eliminar la respuesta rápida /catalogo?');
    const popup = confirm.closest('.ant-popconfirm') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(calls.some((call) => call.operationName === 'AdminDeleteQuickAnswer')).toBe(true),
    );
    expect(calls.find((call) => call.operationName === 'AdminDeleteQuickAnswer')?.variables).toEqual({
      id: 1,
    });
  });

  it('says why when the list or a deletion fails without a named reason (02 §8)', async () => {
    setup('admin', 'delete');
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar /catalogo' }));
    const confirm = await screen.findByText('¿Eliminar la respuesta rápida /catalogo?');
    fireEvent.click(
      within(confirm.closest('.ant-popconfirm') as HTMLElement).getByRole('button', { name: 'Eliminar' }),
    );
    expect(await screen.findByText('No se pudo eliminar la respuesta rápida.')).toBeDefined();
    cleanup();
    setup('admin', 'list');
    expect(await screen.findByText('Error al obtener las respuestas rápidas')).toBeDefined();
  });

  it('offers no creation, edition or deletion to a role that only reads them', async () => {
    const me = makeMe('agente', { permissions: { readChat: true, readQuickAnswers: true } });
    stubGraphql(() => ({ data: { quickAnswers: ANSWERS } }));
    localStorage.setItem('token', 'valid');
    render(
      <ApolloProvider client={createApolloClient()}>
        <SessionContext.Provider value={{ me, refetchMe: async () => undefined }}>
          <MemoryRouter>
            <QuickAnswersList />
          </MemoryRouter>
        </SessionContext.Provider>
      </ApolloProvider>,
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText('Nueva respuesta rápida')).toBeNull();
    expect(screen.queryByText('Editar')).toBeNull();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).toBeNull();
  });
});
