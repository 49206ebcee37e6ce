import { ApolloProvider } from '@apollo/client/react';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { type GraphqlCall, jsonResponse, stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import type { Me } from '../../session/api/me.graphql';
import { SessionContext } from '../../session/SessionContext';
import { ContactsPanel } from '../ContactsPanel';
import { makeBlock, makeRow } from './testContacts';

const toasts = vi.hoisted(() => ({ error: [] as string[], success: [] as string[] }));
vi.mock('../../../lib/toast', () => ({
  toast: {
    error: (text: string) => toasts.error.push(text),
    success: (text: string) => toasts.success.push(text),
    warning: () => undefined,
    info: () => undefined,
    close: () => undefined,
  },
}));

const TAGS = [
  { __typename: 'Tag', id: 11, name: 'VIP', color: '#faad14' },
  { __typename: 'Tag', id: 12, name: 'Feria', color: '#52c41a' },
];
const CHANNELS = [
  { __typename: 'Channel', id: 1, name: 'WhatsApp Ventas', platform: 'whatsapp_cloud' },
  { __typename: 'Channel', id: 2, name: 'Página de Facebook', platform: 'messenger' },
];
const AGENTS = [
  { __typename: 'Agent', id: 1, name: 'Ana Pérez' },
  { __typename: 'Agent', id: 2, name: 'Bruno Díaz' },
];

type Answer = (body: Record<string, unknown>) => unknown;

interface Setup {
  graphql: GraphqlCall[];
  reports: Array<Record<string, unknown>>;
}

function setup(
  me: Me,
  answer: Answer = () => makeBlock(1, 3, false),
  mutation: (operation: string, variables: Record<string, unknown>) => unknown = () => null,
): Setup {
  const reports: Array<Record<string, unknown>> = [];
  const graphql = stubGraphql(
    (operation, variables) => {
      if (operation === 'InboxFilterTags') return { data: { tags: TAGS } };
      if (operation === 'InboxFilterAgents') return { data: { agents: AGENTS } };
      if (operation === 'InboxFilterChannels') return { data: { inboxChannels: CHANNELS } };
      const reply = mutation(operation, variables);
      if (reply) return reply as { data: unknown };
      return { errors: [{ message: `No stub for ${operation}` }] };
    },
    {
      '/api/conversations_by_filter': (init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        reports.push(body);
        return jsonResponse(answer(body));
      },
    },
  );
  localStorage.setItem('token', 'valid');
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me, refetchMe: async () => undefined }}>
        <ContactsPanel />
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return { graphql, reports };
}

const tableRows = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row');
const headers = () => [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);

// antd's first render of a table and its modals is slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

describe('contacts panel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    toasts.error.length = 0;
    toasts.success.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives an admin the report columns with the phone, export, the agent selector, import and create', async () => {
    const { reports } = setup(makeMe('admin'), () => ({
      clients: [
        makeRow(1, {
          tags: 'VIP, Feria',
          tagIds: [11, 12],
          extraInfo: [
            { name: 'Ciudad', value: 'CDMX' },
            { name: 'Presupuesto', value: '1500' },
          ],
        }),
        makeRow(2),
      ],
      hasMore: false,
      cursor: 'c2',
    }));
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(headers()).toEqual([
      'Nombre',
      'Apellido',
      'Agente',
      'Etiquetas',
      'Plataforma',
      'Canal',
      'Número',
      'Fecha de creación',
      'Última actividad',
      'Más información',
    ]);
    for (const name of ['Crear contacto', 'Importar', 'Exportar', 'Seleccionar Etiquetas']) {
      expect(screen.getByRole('button', { name })).toBeDefined();
    }
    expect(screen.getByRole('combobox', { name: 'Selecciona un agente' })).toBeDefined();

    const [first, second] = [...tableRows()] as HTMLElement[];
    expect(first?.textContent).toContain('+525512340001');
    expect(within(first as HTMLElement).getByText('VIP')).toBeDefined();
    expect(within(first as HTMLElement).getByText('Feria')).toBeDefined();
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Mostrar' }));
    expect(within(first as HTMLElement).getByText('Ciudad: CDMX')).toBeDefined();
    expect(within(first as HTMLElement).getByText('Presupuesto: 1500')).toBeDefined();
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Ocultar' }));
    expect(within(first as HTMLElement).queryByText('Ciudad: CDMX')).toBeNull();
    fireEvent.click(within(second as HTMLElement).getByRole('button', { name: 'Mostrar' }));
    expect(within(second as HTMLElement).getByText('No hay información adicional')).toBeDefined();

    // The default filter: last created, the last 7 days as whole days of the company's zone (Mexico City, UTC-6).
    const firstReport = reports[0] as Record<string, string>;
    expect(firstReport).toMatchObject({
      custom: true,
      first: 50,
      filterContactsBy: 'createdAt',
      keyword: null,
      tagsIds: [],
    });
    expect(firstReport.createdAtFrom).toMatch(/T06:00:00\.000Z$/);
    expect(firstReport.createdAtTo).toMatch(/T05:59:59\.999Z$/);
    const days =
      (Date.parse(firstReport.createdAtTo as string) + 1 - Date.parse(firstReport.createdAtFrom as string)) /
      86_400_000;
    expect(days).toBe(8);
  });

  it('hides the phone, export and agent selector from an agent without canSeePhoneNumber', async () => {
    setup(makeMe('agente'), () => ({
      clients: [makeRow(1, { number: null })],
      hasMore: false,
      cursor: 'c1',
    }));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(headers()).not.toContain('Número');
    expect(screen.queryByRole('button', { name: 'Exportar' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Selecciona un agente' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar teléfono/ })).toBeNull();
    // Issue 19: the search does not promise a phone this user cannot see.
    expect(screen.getByLabelText('Buscar contactos').getAttribute('placeholder')).toBe('Nombre');
    expect(screen.getByRole('button', { name: 'Importar' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Crear contacto' })).toBeDefined();
  });

  it('waits for the role before offering import and create', async () => {
    setup(makeMe('admin', { rol: null }));
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Importar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Crear contacto' })).toBeNull();
  });

  it('offers a search by name or phone to who can see phones (issue 19)', async () => {
    setup(makeMe('admin'));
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    expect(screen.getByLabelText('Buscar contactos').getAttribute('placeholder')).toBe('Nombre o teléfono');
  });

  it("says 'Sin contactos' when nothing matches", async () => {
    setup(makeMe('admin'), () => makeBlock(1, 0, false));
    await screen.findByText('Sin contactos');
  });

  it('filters by last activity, by tags chosen in the modal, and by a search after a 900 ms pause', async () => {
    const { reports } = setup(makeMe('admin'));
    await waitFor(() => expect(reports).toHaveLength(1));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filtrar contactos por' }));
    // 02 §2: the two orders, literally; the first answer came newest created first.
    expect((await screen.findAllByTitle('Últimos Creados')).length).toBeGreaterThan(0);
    expect(reports[0]?.filterContactsBy).toBe('createdAt');
    fireEvent.click(await screen.findByTitle('Últimos Activos'));
    await waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[1]?.filterContactsBy).toBe('lastUpdate');

    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar Etiquetas' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).not.toMatch(/contactos/i);
    fireEvent.click(within(dialog).getByText('Feria'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(reports).toHaveLength(3));
    expect(reports[2]?.tagsIds).toEqual([12]);
    expect(document.querySelector('.ant-badge')?.textContent).toContain('1');

    vi.useFakeTimers({ shouldAdvanceTime: false });
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar contactos' }), {
      target: { value: ' María ' },
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    expect(reports).toHaveLength(3);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150);
    });
    vi.useRealTimers();
    await waitFor(() => expect(reports).toHaveLength(4));
    expect(reports[3]?.keyword).toBe('maria');
  });

  it('fetches the next 50 with the cursor when the last loaded page is reached', async () => {
    const { reports } = setup(makeMe('admin'), (body) =>
      body.after === 'cursor-50'
        ? makeBlock(51, 10, false, 'cursor-60')
        : makeBlock(1, 50, true, 'cursor-50'),
    );
    await waitFor(() => expect(tableRows()).toHaveLength(7));
    const pager = screen.getByRole('navigation', { name: 'Paginación' });
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Anterior', '1', '2', '3', '4', '5', '9', 'Siguiente']);
    fireEvent.click(within(pager).getByRole('button', { name: '9' }));
    await waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[1]?.after).toBe('cursor-50');
    // 60 rows: page 9 holds rows 57 to 60.
    await waitFor(() => expect(tableRows()).toHaveLength(4));
    expect(tableRows()[0]?.textContent).toContain('Contacto57');
  });

  it('creates a contact, showing the duplicate-phone message from the server, then refreshing the table', async () => {
    let attempt = 0;
    const { graphql, reports } = setup(makeMe('admin'), undefined, (operation) => {
      if (operation !== 'CreateContact') return null;
      attempt += 1;
      if (attempt === 1)
        return {
          errors: [
            {
              message: 'PHONE_ALREADY_USED',
              extensions: {
                code: 'PHONE_ALREADY_USED',
                userMessage: 'Ya existe un contacto con ese teléfono en este canal.',
                field: 'phone',
              },
            },
          ],
        };
      return {
        data: {
          createClient: { __typename: 'Conversation', id: 99, senderId: '5215512345678', name: 'Ana' },
        },
      };
    });
    await waitFor(() => expect(reports).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Crear contacto' }));
    const dialog = await screen.findByRole('dialog');
    // Mexico +52 by default; the code is chosen, not typed.
    expect(within(dialog).getByText('+52')).toBeDefined();
    const number = within(dialog).getByPlaceholderText('Número de teléfono');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await within(dialog).findByText('Teléfono obligatorio');

    fireEvent.change(number, { target: { value: '5512345678' } });
    fireEvent.change(within(dialog).getByPlaceholderText('Nombre del contacto'), {
      target: { value: 'Ana' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await within(dialog).findByText('Ya existe un contacto con ese teléfono en este canal.');
    const create = graphql.find((call) => call.operationName === 'CreateContact');
    // Only phone channels are offered; the first is chosen.
    expect(create?.variables).toEqual({ input: { channelId: 1, phone: '525512345678', name: 'Ana' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(toasts.success).toEqual(['Contacto creado exitosamente']));
    await waitFor(() => expect(reports).toHaveLength(2));
  });

  it("edits a phone: the current one grouped as its country writes it, the field filled, the country's rule", async () => {
    const { graphql } = setup(makeMe('admin'), undefined, (operation) =>
      operation === 'UpdateContactPhone'
        ? { data: { updateClientPhone: { __typename: 'Conversation', id: 1, senderId: '5215512349999' } } }
        : null,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Editar teléfono +525512340001' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Teléfono actual de Contacto1: +52 55 1234 0001');
    const number = within(dialog).getByPlaceholderText('Número de teléfono') as HTMLInputElement;
    expect(number.value).toBe('5512340001');
    expect(within(dialog).getByText('+52')).toBeDefined();

    fireEvent.change(number, { target: { value: '551234999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await within(dialog).findByText('Teléfono inválido');
    expect(graphql.some((call) => call.operationName === 'UpdateContactPhone')).toBe(false);

    fireEvent.change(number, { target: { value: '55 1234 9999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(toasts.success).toEqual(['Teléfono actualizado']));
    const update = graphql.find((call) => call.operationName === 'UpdateContactPhone');
    expect(update?.variables).toEqual({ clientId: 1, phone: '525512349999' });
  });
});
