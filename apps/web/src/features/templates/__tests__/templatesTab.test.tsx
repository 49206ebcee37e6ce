import { ApolloProvider } from '@apollo/client/react';
import { TEMPLATE_MESSAGES, type TemplateView } from '@crm/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { stubXhr } from '../../../test/fakeXhr';
import { makeMe } from '../../../test/fixtures';
import { emit } from '../../../test/socketStub';
import { jsonResponse, stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../session/SessionContext';
import { TemplatesTab } from '../components/TemplatesTab';

vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

const CHANNELS = [
  { __typename: 'Channel', id: 1, name: 'WhatsApp Ventas', platform: 'whatsapp_cloud', isActive: true },
  { __typename: 'Channel', id: 2, name: 'Messenger Tienda', platform: 'messenger', isActive: true },
  { __typename: 'Channel', id: 3, name: 'Canal de prueba', platform: 'sandbox', isActive: true },
];

function template(overrides: Partial<TemplateView> & Pick<TemplateView, 'id' | 'name'>): TemplateView {
  return {
    channelId: 1,
    channel: { id: 1, name: 'WhatsApp Ventas', providerId: '100' },
    language: 'es_MX',
    status: 'accepted',
    rawStatus: 'APPROVED',
    reason: null,
    type: 'NORMAL_TEMPLATE',
    category: 'utility',
    components: [{ type: 'BODY', text: 'Hola {{1}}.' }],
    variables: 1,
    createdAt: '2026-11-20T16:00:00.000Z',
    origin: 'created',
    ...overrides,
  };
}

const TEMPLATES: TemplateView[] = [
  template({
    id: 4,
    name: 'confirmacion_pedido',
    components: [{ type: 'BODY', text: 'Tu pedido {{1}} está confirmado.' }],
    createdAt: '2026-11-22T16:00:00.000Z',
  }),
  template({
    id: 3,
    name: 'promo_verano',
    category: 'marketing',
    status: 'denied',
    rawStatus: 'REJECTED',
    reason: 'INCORRECT_CATEGORY',
    components: [{ type: 'BODY', text: 'Aprovecha el descuento de verano.' }],
    createdAt: '2026-11-21T16:00:00.000Z',
  }),
  template({
    id: 2,
    name: 'recordatorio_cita',
    status: 'submitted',
    rawStatus: null,
    components: [{ type: 'BODY', text: 'Te esperamos mañana a las {{1}}.' }],
    createdAt: '2026-11-19T16:00:00.000Z',
  }),
  template({
    id: 1,
    name: 'bienvenida',
    channelId: 3,
    channel: { id: 3, name: 'Canal de prueba', providerId: 's' },
  }),
];

function setup() {
  const rest = vi.fn(() => jsonResponse(TEMPLATES));
  stubGraphql(
    (operation) =>
      operation === 'TemplateChannels'
        ? { data: { channels: CHANNELS } }
        : { errors: [{ message: `No stub for ${operation}` }] },
    { '/api/whatsappTemplate/1': rest },
  );
  localStorage.setItem('token', 'valid');
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me: makeMe('admin'), refetchMe: async () => undefined }}>
        <MemoryRouter>
          <TemplatesTab />
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return rest;
}

const rows = () =>
  [...screen.getByTestId('templates-table').querySelectorAll('tr.ant-table-row')] as HTMLElement[];
const names = () => rows().map((row) => row.querySelector('strong')?.textContent);

async function choose(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const options = await screen.findAllByText(label, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

describe('templates tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("lists the first template channel's templates newest first, with category, status and date in the company's zone", async () => {
    setup();
    await waitFor(() =>
      expect(names()).toEqual(['confirmacion_pedido', 'promo_verano', 'recordatorio_cita']),
    );
    const [first, second, third] = rows();
    expect(first?.textContent).toContain('Tu pedido {{1}} está confirmado.');
    expect(first?.textContent).toContain('Utilidad');
    expect(first?.textContent).toContain('Aprobada');
    // 16:00 UTC is 10:00 in Mexico City.
    expect(first?.textContent).toMatch(/22 nov\.? 2026.*10:00/);
    expect(second?.textContent).toContain('Marketing');
    expect(second?.textContent).toContain('Rechazada');
    expect(second?.textContent).toContain('Motivo: Categoría incorrecta');
    expect(third?.textContent).toContain('En revisión');
  });

  it('offers only the channels whose platform sends templates, and switching shows that channel', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.mouseDown(within(screen.getByTestId('templates-channel')).getByRole('combobox'));
    const offered = await screen.findAllByRole('option');
    const labels = [...document.querySelectorAll('.ant-select-item-option-content')].map(
      (o) => o.textContent,
    );
    expect(offered.length).toBeGreaterThan(0);
    expect(labels).toEqual(['WhatsApp Ventas', 'Canal de prueba']);
    fireEvent.click(screen.getByText('Canal de prueba', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(names()).toEqual(['bienvenida']));
  });

  it('searches ignoring case, accents, spaces and underscores, on the name and the text', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const search = screen.getByLabelText('Buscar plantillas');
    fireEvent.change(search, { target: { value: 'Confirmación Pedido' } });
    expect(names()).toEqual(['confirmacion_pedido']);
    fireEvent.change(search, { target: { value: 'RECORDATORIOCITA' } });
    expect(names()).toEqual(['recordatorio_cita']);
    fireEvent.change(search, { target: { value: 'descuento de VERANO' } });
    expect(names()).toEqual(['promo_verano']);
    fireEvent.change(search, { target: { value: 'nada parecido' } });
    expect(rows()).toHaveLength(0);
    expect(screen.getByText('Ninguna plantilla coincide con los filtros')).toBeDefined();
  });

  it('filters by status and by category', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await choose('templates-status-filter', 'En revisión');
    await waitFor(() => expect(names()).toEqual(['recordatorio_cita']));
    await choose('templates-status-filter', 'Todos los estados');
    await choose('templates-category-filter', 'Marketing');
    await waitFor(() => expect(names()).toEqual(['promo_verano']));
    await choose('templates-status-filter', 'Aprobada');
    await waitFor(() => expect(rows()).toHaveLength(0));
  });

  it('shows a new template and its approval as the socket reports them, and drops a deleted one', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const created = template({
      id: 9,
      name: 'aviso_envio',
      status: 'submitted',
      rawStatus: 'PENDING',
      createdAt: '2026-11-23T16:00:00.000Z',
    });
    emit('whatsappTemplateUpdated', created);
    expect(names()[0]).toBe('aviso_envio');
    expect(rows()[0]?.textContent).toContain('En revisión');
    emit('whatsappTemplateUpdated', { ...created, status: 'accepted', rawStatus: 'APPROVED' });
    expect(names()).toEqual(['aviso_envio', 'confirmacion_pedido', 'promo_verano', 'recordatorio_cita']);
    expect(rows()[0]?.textContent).toContain('Aprobada');
    emit('whatsappTemplateDeleted', { id: 4, channelId: 1 });
    expect(names()).toEqual(['aviso_envio', 'promo_verano', 'recordatorio_cita']);
  });

  it('disables Nueva plantilla at 5 templates created here (02 §9), not counting imported ones', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const button = () => screen.getByRole('button', { name: /Nueva plantilla/ }) as HTMLButtonElement;
    expect(button().disabled).toBe(false);
    emit('whatsappTemplateUpdated', template({ id: 10, name: 'importada', origin: 'imported' }));
    expect(button().disabled).toBe(false);
    expect(screen.queryByTestId('templates-limit')).toBeNull();
    emit('whatsappTemplateUpdated', template({ id: 11, name: 'quinta' }));
    expect(button().disabled).toBe(true);
    expect(screen.getByTestId('templates-limit').textContent).toBe(TEMPLATE_MESSAGES.limitReached);
    emit('whatsappTemplateDeleted', { id: 11, channelId: 1 });
    expect(button().disabled).toBe(false);
  });

  it('deletes after confirmation, and shows what uses a template the API refuses to delete', async () => {
    const requests = stubXhr((request) => {
      const body = JSON.parse(String(request.body)) as { templateName: string };
      return body.templateName === 'confirmacion_pedido'
        ? {
            status: 409,
            body: {
              code: 'TEMPLATE_IN_USE',
              userMessage:
                'No se puede eliminar la plantilla porque la usan 2 mensajes programados y el mensaje de bienvenida.',
              field: 'templateName',
            },
          }
        : { status: 200, body: { deleted: true } };
    });
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar confirmacion_pedido' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    expect((await screen.findByTestId('template-in-use')).textContent).toBe(
      'No se puede eliminar la plantilla porque la usan 2 mensajes programados y el mensaje de bienvenida.',
    );
    expect(names()).toContain('confirmacion_pedido');
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: '/api/whatsappTemplate' });
    expect(JSON.parse(String(requests[0]?.body))).toEqual({
      templateName: 'confirmacion_pedido',
      channelId: 1,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Entendido' }));

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar recordatorio_cita' }));
    const confirms = await screen.findAllByRole('button', { name: 'Eliminar' });
    fireEvent.click(confirms[confirms.length - 1] as HTMLElement);
    await waitFor(() => expect(names()).toEqual(['confirmacion_pedido', 'promo_verano']));
  });
});
