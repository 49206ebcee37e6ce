import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsNamed,
  graphqlError,
  makeConversation,
  meWith,
  renderPanel,
  stubPanelServer,
} from './panelTestKit';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('client info panel: what each user sees', () => {
  it('shows an admin the phone as +52…, the channel and every control', async () => {
    stubPanelServer();
    renderPanel(makeConversation(), meWith('admin'));
    const panel = screen.getByTestId('client-info-panel');
    expect(within(panel).getByTestId('client-name').textContent).toBe('María García');
    expect(screen.getByTestId('client-phone').textContent).toContain('+525511112222');
    expect(screen.getByTestId('client-channel').textContent).toBe('Canal de prueba · WhatsApp de prueba');
    expect(screen.getByTestId('agent-select')).toBeDefined();
    expect(screen.getByTestId('tag-select')).toBeDefined();
    expect(screen.getByTestId('action-delete')).toBeDefined();
    expect(screen.getByTestId('action-followup')).toBeDefined();
    expect(await screen.findByTestId('followup-list')).toBeDefined();
  });

  it('hides the phone without canSeePhoneNumber', () => {
    stubPanelServer();
    renderPanel(makeConversation(), meWith('admin', { remove: ['canSeePhoneNumber'] }));
    expect(screen.queryByTestId('client-phone')).toBeNull();
    expect(screen.getByTestId('client-info-panel').textContent).not.toContain('5511112222');
  });

  it('shows a seed agent the assigned agent read-only, and no delete action', () => {
    stubPanelServer();
    renderPanel(makeConversation(), meWith('agente'));
    expect(screen.queryByTestId('agent-select')).toBeNull();
    expect(screen.getByTestId('agent-name').textContent).toBe('Ana Pérez');
    expect(screen.queryByTestId('action-delete')).toBeNull();
    expect(screen.queryByTestId('client-phone')).toBeNull();
    // The agent may still tag and schedule (02 §3 seed permissions).
    expect(screen.getByTestId('tag-select')).toBeDefined();
    expect(screen.getByTestId('followup-list')).toBeDefined();
  });

  it("says 'Sin asignar' for an unassigned conversation to a user who cannot reassign", () => {
    stubPanelServer();
    renderPanel(makeConversation({ agentId: null, agent: null }), meWith('agente'));
    expect(screen.getByTestId('agent-name').textContent).toBe('Sin asignar');
  });

  it('drops tag editing without tagConversations and scheduling without followUp', () => {
    stubPanelServer();
    renderPanel(makeConversation(), meWith('agente', { remove: ['tagConversations', 'followUp'] }));
    expect(screen.getAllByTestId('tag-chip').map((chip) => chip.textContent)).toEqual(['Cliente nuevo']);
    expect(screen.queryByTestId('tag-select')).toBeNull();
    expect(screen.queryByLabelText('Quitar etiqueta Cliente nuevo')).toBeNull();
    expect(screen.queryByTestId('followup-list')).toBeNull();
    expect(screen.queryByTestId('followup-create')).toBeNull();
    expect(screen.queryByTestId('action-followup')).toBeNull();
  });
});

describe('client info panel: categories', () => {
  it("says 'Error al obtener las categorias' when the category list fails (02 §8 ERROR_GETTING_CATEGORIES)", async () => {
    stubPanelServer({ categories: () => graphqlError('INTERNAL_ERROR', 'Ha ocurrido un error') });
    renderPanel(makeConversation(), meWith('admin'));
    expect(await screen.findByText('Error al obtener las categorias')).toBeDefined();
  });
});

describe('client info panel: tags', () => {
  it('adds a tag picked from the company tags, offering only the ones it lacks', async () => {
    const calls = stubPanelServer({
      addTagToConversation: () => ({
        data: {
          addTagToConversation: makeConversation({
            tags: [
              { id: 1, name: 'Cliente nuevo', color: '#1677ff' },
              { id: 3, name: 'VIP', color: '#faad14' },
            ],
          }),
        },
      }),
    });
    renderPanel();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Agregar etiqueta' }));
    const option = await screen.findByTitle('VIP');
    expect(screen.queryByTitle('Cliente nuevo')).toBeNull();
    fireEvent.click(option);
    await waitFor(() =>
      expect(screen.getAllByTestId('tag-chip').map((chip) => chip.textContent)).toEqual([
        'Cliente nuevo',
        'VIP',
      ]),
    );
    expect(callsNamed(calls, 'addTagToConversation')[0]?.variables).toEqual({ clientId: 10, tagId: 3 });
  });

  it("removes a tag with the chip's close", async () => {
    const calls = stubPanelServer({
      removeTagFromConversation: () => ({
        data: { removeTagFromConversation: makeConversation({ tags: [] }) },
      }),
    });
    renderPanel();
    fireEvent.click(screen.getByLabelText('Quitar etiqueta Cliente nuevo'));
    expect(await screen.findByText('Sin etiquetas')).toBeDefined();
    expect(callsNamed(calls, 'removeTagFromConversation')[0]?.variables).toEqual({ clientId: 10, tagId: 1 });
  });
});

describe('client info panel: name', () => {
  it("refuses an empty name with 'Nombre obligatorio' and sends nothing", async () => {
    const calls = stubPanelServer();
    renderPanel();
    fireEvent.click(screen.getByLabelText('Editar nombre'));
    const input = screen.getByLabelText('Nombre del cliente');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByLabelText('Guardar nombre'));
    expect(await screen.findByText('Nombre obligatorio')).toBeDefined();
    expect(callsNamed(calls, 'renameConversation')).toHaveLength(0);
  });

  it('renames and shows the answer until the list brings the new conversation', async () => {
    const calls = stubPanelServer({
      renameConversation: (variables) => ({
        data: { renameConversation: makeConversation({ name: String(variables.name) }) },
      }),
    });
    const { rerenderWith } = renderPanel();
    fireEvent.click(screen.getByLabelText('Editar nombre'));
    fireEvent.change(screen.getByLabelText('Nombre del cliente'), { target: { value: 'María G. López' } });
    fireEvent.keyDown(screen.getByLabelText('Nombre del cliente'), {
      key: 'Enter',
      code: 'Enter',
      keyCode: 13,
    });
    await waitFor(() => expect(screen.getByTestId('client-name').textContent).toBe('María G. López'));
    expect(callsNamed(calls, 'renameConversation')[0]?.variables).toEqual({
      clientId: 10,
      name: 'María G. López',
    });
    // A newer version of the conversation from the list wins over the answer.
    rerenderWith(makeConversation({ name: 'Otro nombre' }));
    expect(screen.getByTestId('client-name').textContent).toBe('Otro nombre');
  });
});

describe('client info panel: data sheet', () => {
  async function fieldInput(fieldId: number): Promise<HTMLInputElement> {
    const field = await screen.findByTestId(`datasheet-field-${fieldId}`);
    return within(field).getByRole('textbox') as HTMLInputElement;
  }

  it.each([
    [12, 'mil', 'Debe ser un número válido'],
    [11, 'ana@demo', 'Correo inválido'],
    [13, '55 1234', 'El teléfono debe tener 10 dígitos'],
  ])('shows the rule of field %i under it and does not save %s', async (fieldId, value, message) => {
    const calls = stubPanelServer();
    renderPanel();
    const input = await fieldInput(fieldId);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
    const field = screen.getByTestId(`datasheet-field-${fieldId}`);
    expect(await within(field).findByText(message)).toBeDefined();
    expect(callsNamed(calls, 'saveClientInfo')).toHaveLength(0);
  });

  it('loads stored values and saves a valid change on Enter', async () => {
    const calls = stubPanelServer({
      clientInfos: () => ({
        data: {
          clientInfos: [{ id: 1, clientId: 10, fieldId: 12, fieldName: 'Presupuesto', value: '1500' }],
        },
      }),
      saveClientInfo: (variables) => ({
        data: {
          saveClientInfo: {
            id: 1,
            clientId: 10,
            fieldId: 12,
            fieldName: 'Presupuesto',
            value: variables.value,
          },
        },
      }),
    });
    renderPanel();
    const input = await fieldInput(12);
    await waitFor(() => expect(input.value).toBe('1500'));
    fireEvent.change(input, { target: { value: '2500.50' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(input);
    await waitFor(() => expect(callsNamed(calls, 'saveClientInfo')).toHaveLength(1));
    expect(callsNamed(calls, 'saveClientInfo')[0]?.variables).toEqual({
      clientId: 10,
      fieldId: 12,
      value: '2500.50',
    });
  });

  it("shows the server's Spanish message under the field it refused", async () => {
    stubPanelServer({
      saveClientInfo: () => graphqlError('ERROR_SAVING_CLIENT_INFORMATION', 'No se pudo guardar el dato'),
    });
    renderPanel();
    const input = await fieldInput(17);
    fireEvent.change(input, { target: { value: 'Prefiere llamadas' } });
    fireEvent.blur(input);
    const field = screen.getByTestId('datasheet-field-17');
    expect(await within(field).findByText('No se pudo guardar el dato')).toBeDefined();
  });

  it("says 'Error al obtener información del cliente' when the client's data cannot be read (02 §8)", async () => {
    stubPanelServer({ clientInfos: () => graphqlError('INTERNAL_ERROR', 'Ha ocurrido un error') });
    renderPanel();
    expect(await screen.findByText('Error al obtener información del cliente')).toBeDefined();
  });

  it("saves a switch as 'true'", async () => {
    const calls = stubPanelServer({
      saveClientInfo: (variables) => ({
        data: {
          saveClientInfo: { id: 2, clientId: 10, fieldId: 15, fieldName: 'x', value: variables.value },
        },
      }),
    });
    renderPanel();
    const field = await screen.findByTestId('datasheet-field-15');
    fireEvent.click(within(field).getByRole('switch'));
    await waitFor(() => expect(callsNamed(calls, 'saveClientInfo')[0]?.variables.value).toBe('true'));
  });
});

describe('client info panel: follow-up form', () => {
  it('lists scheduled messages with their date, text or template and agent', async () => {
    stubPanelServer({
      followUpMessages: () => ({
        data: {
          followUpMessages: [
            {
              // The server names the type; Apollo needs it to match the query's fragment.
              __typename: 'FollowUpMessage',
              id: 1,
              clientId: 10,
              channelId: 3,
              agentId: 1,
              agentName: 'Ana Pérez',
              content: '',
              sendAt: '2030-05-01T16:30:00.000Z',
              templateId: 21,
              templateName: 'seguimiento_pedido',
              variables: ['Ana', 'A-1'],
              file: null,
              status: 'scheduled',
              failureReason: null,
            },
          ],
        },
      }),
    });
    renderPanel();
    const item = await screen.findByTestId('followup-item');
    expect(item.textContent).toContain('Plantilla: seguimiento_pedido');
    expect(item.textContent).toContain('Por Ana Pérez');
    // 16:30 UTC is 10:30 in the company's zone (Mexico City), whatever the machine's zone.
    expect(item.textContent).toContain('01/05/2030 10:30');
  });

  it('says what is missing and sends nothing', async () => {
    const calls = stubPanelServer();
    renderPanel();
    fireEvent.click(await screen.findByTestId('followup-create'));
    fireEvent.click(await screen.findByRole('button', { name: 'Programar' }));
    expect(await screen.findByText('Elige la fecha y hora de envío')).toBeDefined();
    expect(screen.getByText('Escribe el mensaje o elige una plantilla.')).toBeDefined();
    expect(callsNamed(calls, 'createFollowUpMessage')).toHaveLength(0);
  });
});

const SCHEDULED = {
  __typename: 'FollowUpMessage',
  id: 7,
  clientId: 10,
  channelId: 3,
  agentId: 1,
  agentName: 'Ana Pérez',
  content: '',
  sendAt: '2030-05-01T16:30:00.000Z',
  templateId: 21,
  templateName: 'seguimiento_pedido',
  variables: ['Ana', 'A-1'],
  file: null,
  status: 'scheduled',
  failureReason: null,
};

describe('client info panel: follow-up templates and edits', () => {
  it('asks for each variable of the chosen template', async () => {
    stubPanelServer();
    renderPanel();
    fireEvent.click(await screen.findByTestId('followup-create'));
    fireEvent.click(await screen.findByRole('radio', { name: 'Plantilla' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Plantilla aprobada' }));
    fireEvent.click(await screen.findByTitle('seguimiento_pedido'));
    expect(await screen.findByLabelText('Variable {{1}}')).toBeDefined();
    expect(screen.getByTestId('followup-template-preview').textContent).toBe(
      'Hola {{1}}, tu pedido {{2}} ya va en camino.',
    );
    fireEvent.change(screen.getByLabelText('Variable {{1}}'), { target: { value: 'Ana' } });
    expect(screen.getByTestId('followup-template-preview').textContent).toBe(
      'Hola Ana, tu pedido {{2}} ya va en camino.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Programar' }));
    expect(await screen.findByText('Campo obligatorio')).toBeDefined();
    expect(screen.getByText('Elige la fecha y hora de envío')).toBeDefined();
  });

  it("edits a scheduled message and shows the server's refusal at the field it names", async () => {
    const calls = stubPanelServer({
      followUpMessages: () => ({ data: { followUpMessages: [SCHEDULED] } }),
      updateFollowUpMessage: () =>
        graphqlError('VALIDATION_ERROR', 'La plantilla aún no está aprobada.', 'templateId'),
    });
    renderPanel();
    fireEvent.click(await screen.findByLabelText('Editar mensaje programado'));
    expect(((await screen.findByLabelText('Variable {{2}}')) as HTMLInputElement).value).toBe('A-1');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('La plantilla aún no está aprobada.')).toBeDefined();
    expect(callsNamed(calls, 'updateFollowUpMessage')[0]?.variables).toEqual({
      id: 7,
      input: {
        sendAt: '2030-05-01T16:30:00.000Z',
        content: null,
        templateId: 21,
        variables: ['Ana', 'A-1'],
        file: null,
      },
    });
  });

  it('deletes a scheduled message after confirmation and reloads the list', async () => {
    let deleted = false;
    const calls = stubPanelServer({
      followUpMessages: () => ({ data: { followUpMessages: deleted ? [] : [SCHEDULED] } }),
      deleteFollowUpMessage: () => {
        deleted = true;
        return { data: { deleteFollowUpMessage: 7 } };
      },
    });
    renderPanel();
    fireEvent.click(await screen.findByLabelText('Eliminar mensaje programado'));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('No hay mensajes programados')).toBeDefined();
    expect(callsNamed(calls, 'deleteFollowUpMessage')[0]?.variables).toEqual({ id: 7 });
  });
});

describe('client info panel: actions', () => {
  it('archives and shows Desarchivar from the answer', async () => {
    const calls = stubPanelServer({
      setConversationArchived: (variables) => ({
        data: { setConversationArchived: makeConversation({ isArchived: Boolean(variables.archived) }) },
      }),
    });
    renderPanel();
    fireEvent.click(screen.getByTestId('action-archive'));
    await waitFor(() =>
      expect(screen.getByTestId('action-archive').getAttribute('aria-label')).toBe('Desarchivar'),
    );
    expect(callsNamed(calls, 'setConversationArchived')[0]?.variables).toEqual({
      clientId: 10,
      archived: true,
    });
  });

  it("marks the conversation cold with coldBot: the 'Frío' tag from the answer, once", async () => {
    const calls = stubPanelServer({
      markConversationCold: () => ({
        data: {
          markConversationCold: makeConversation({
            tags: [
              { id: 1, name: 'Cliente nuevo', color: '#1677ff' },
              { id: 9, name: 'Frío', color: '#13c2c2' },
            ],
          }),
        },
      }),
    });
    renderPanel(makeConversation(), meWith('agente', { add: ['coldBot'] }));
    fireEvent.click(screen.getByTestId('action-cold'));
    await waitFor(() =>
      expect(screen.getAllByTestId('tag-chip').map((chip) => chip.textContent)).toEqual([
        'Cliente nuevo',
        'Frío',
      ]),
    );
    expect(callsNamed(calls, 'markConversationCold')[0]?.variables).toEqual({ clientId: 10 });
    expect(screen.getByTestId('action-cold').getAttribute('aria-label')).toBe('Marcada como fría');
    fireEvent.click(screen.getByTestId('action-cold'));
    expect(callsNamed(calls, 'markConversationCold')).toHaveLength(1);
  });

  it('offers no cold action without coldBot', () => {
    stubPanelServer();
    renderPanel(makeConversation(), meWith('agente', { remove: ['coldBot'] }));
    expect(screen.queryByTestId('action-cold')).toBeNull();
  });

  it('asks whether to send the survey before closing', async () => {
    const calls = stubPanelServer({
      closeConversation: () => ({
        data: { closeConversation: { client: makeConversation({ isClosed: true }), surveySent: true } },
      }),
    });
    renderPanel();
    fireEvent.click(screen.getByTestId('action-close'));
    expect(await screen.findByText('¿Enviar encuesta de satisfacción?')).toBeDefined();
    fireEvent.click(screen.getByTestId('close-with-survey'));
    await waitFor(() => expect(screen.getByTestId('action-reopen')).toBeDefined());
    expect(callsNamed(calls, 'closeConversation')[0]?.variables).toEqual({ clientId: 10, sendSurvey: true });
  });

  it('deletes only after confirmation', async () => {
    const calls = stubPanelServer({}, { '/delete-conversation': { status: 200, body: { deleted: [10] } } });
    renderPanel();
    fireEvent.click(screen.getByTestId('action-delete'));
    expect(await screen.findByText(/no se puede deshacer/)).toBeDefined();
    expect(callsNamed(calls, '/delete-conversation')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(callsNamed(calls, '/delete-conversation')).toHaveLength(1));
    expect(callsNamed(calls, '/delete-conversation')[0]?.variables).toEqual({ clientId: 10 });
  });

  it("shows the CRM's failure text from the server", async () => {
    stubPanelServer(
      {},
      {
        '/sendToCRM': {
          status: 400,
          body: { code: 'ERROR_SENDING_TO_CRM', userMessage: 'Error al enviar información al CRM' },
        },
      },
    );
    renderPanel();
    fireEvent.click(screen.getByTestId('action-crm'));
    expect(await screen.findByText('Error al enviar información al CRM')).toBeDefined();
  });

  it('reassigns through POST /api/reassign-agent, null for Sin asignar', async () => {
    const calls = stubPanelServer(
      {},
      {
        '/reassign-agent': { status: 200, body: makeConversation({ agentId: null, agent: null }) },
      },
    );
    renderPanel();
    const select = screen.getByRole('combobox', { name: 'Agente asignado' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Sin asignar'));
    await waitFor(() => expect(callsNamed(calls, '/reassign-agent')).toHaveLength(1));
    expect(callsNamed(calls, '/reassign-agent')[0]?.variables).toEqual({ clientId: 10, agentId: null });
  });
});

describe('client info panel: reassignment list settings', () => {
  it('shows who is unavailable and keeps them from being chosen when the company asks for it', async () => {
    const calls = stubPanelServer({
      reassignSettings: () => ({
        data: {
          reassignSettings: {
            __typename: 'ReassignSettings',
            showAvailability: true,
            onlyAvailable: true,
            showGroups: false,
          },
        },
      }),
    });
    renderPanel(makeConversation({ agentId: null, agent: null }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Agente asignado' }));
    const juan = await screen.findByTestId('agent-option-2');
    expect(juan.textContent).toContain('No disponible');
    expect((await screen.findByTestId('agent-option-1')).textContent).not.toContain('No disponible');
    fireEvent.click(juan);
    fireEvent.click(await screen.findByTestId('agent-option-1'));
    await waitFor(() => expect(callsNamed(calls, '/reassign-agent')).toHaveLength(1));
    expect(callsNamed(calls, '/reassign-agent')[0]?.variables).toEqual({ clientId: 10, agentId: 1 });
  });

  it("offers the group admins' groups when the company shows them, and sends the group", async () => {
    const calls = stubPanelServer(
      {
        reassignSettings: () => ({
          data: {
            reassignSettings: {
              __typename: 'ReassignSettings',
              showAvailability: false,
              onlyAvailable: false,
              showGroups: true,
            },
          },
        }),
      },
      {
        '/reassign-agent': {
          status: 200,
          body: makeConversation({ agentId: null, agent: null, groupAdminId: 3 }),
        },
      },
    );
    renderPanel(makeConversation({ agentId: 1 }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Agente asignado' }));
    fireEvent.click(await screen.findByTitle('Grupo de Gabriel Supervisor'));
    await waitFor(() => expect(callsNamed(calls, '/reassign-agent')).toHaveLength(1));
    expect(callsNamed(calls, '/reassign-agent')[0]?.variables).toEqual({ clientId: 10, groupAdminId: 3 });
  });

  it('shows plain names when the company does not show availability', async () => {
    stubPanelServer();
    renderPanel(makeConversation({ agentId: null, agent: null }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Agente asignado' }));
    expect(await screen.findByTitle('Juan López')).toBeDefined();
    // 02 §6: only users whose role holds the agent permission are offered.
    expect(screen.queryByTitle('Sara Supervisión')).toBeNull();
    expect(screen.queryByTestId('agent-option-2')).toBeNull();
    expect(screen.queryByTitle('Grupo de Gabriel Supervisor')).toBeNull();
  });
});

describe('client info panel: forwarding', () => {
  const MESSAGES = Array.from({ length: 8 }, (_, i) => ({
    id: 100 + i,
    content: `Mensaje ${i + 1}`,
    type: 'text',
    time: '2026-01-15T15:05:00.000Z',
    sender: 'CLIENT',
  }));
  const targets = [
    makeConversation({ id: 20, name: 'José Hernández', senderId: '5215533334444' }),
    makeConversation({ id: 21, name: 'Lucía Ramírez', senderId: '5215555556666' }),
    makeConversation({ id: 22, name: 'Pedro Gómez', senderId: '5215577778888' }),
  ];

  it('allows 6 messages and 2 contacts, at least one of each, then forwards them', async () => {
    const calls = stubPanelServer(
      {
        messages: () => ({ data: { messages: MESSAGES } }),
        forwardMessages: () => ({ data: { forwardMessages: [{ id: 500 }] } }),
      },
      { '/conversations_by_filter': { status: 200, body: { clients: targets, hasMore: false } } },
    );
    renderPanel();
    fireEvent.click(screen.getByTestId('action-forward'));
    const rows = await screen.findAllByTestId('forward-message');
    const submit = () => screen.getByTestId('forward-submit') as HTMLButtonElement;
    expect(submit().disabled).toBe(true);
    expect(screen.getByTestId('forward-problem').textContent).toBe('Selecciona al menos un mensaje');

    for (const row of rows.slice(0, 6)) fireEvent.click(within(row).getByRole('checkbox'));
    const seventh = within(rows[6] as HTMLElement).getByRole('checkbox') as HTMLInputElement;
    expect(seventh.disabled).toBe(true);
    expect(screen.getByText('Puedes reenviar hasta 6 mensajes')).toBeDefined();
    expect(screen.getByTestId('forward-problem').textContent).toBe('Selecciona al menos un contacto');
    expect(submit().disabled).toBe(true);

    const found = await screen.findAllByTestId('forward-target');
    expect(found.map((row) => row.textContent)).toEqual([
      expect.stringContaining('José Hernández'),
      expect.stringContaining('Lucía Ramírez'),
      expect.stringContaining('Pedro Gómez'),
    ]);
    fireEvent.click(within(found[0] as HTMLElement).getByRole('checkbox'));
    fireEvent.click(within(found[1] as HTMLElement).getByRole('checkbox'));
    expect((within(found[2] as HTMLElement).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(submit().disabled).toBe(false);

    fireEvent.click(submit());
    await waitFor(() => expect(callsNamed(calls, 'forwardMessages')).toHaveLength(1));
    expect(callsNamed(calls, 'forwardMessages')[0]?.variables).toEqual({
      messageIds: [100, 101, 102, 103, 104, 105],
      clientIds: [20, 21],
    });
    expect(callsNamed(calls, '/conversations_by_filter')[0]?.variables).toEqual({
      filterType: 'all',
      keyword: null,
      first: 20,
    });
  });

  it('leaves the open conversation out of the targets', async () => {
    stubPanelServer(
      { messages: () => ({ data: { messages: MESSAGES } }) },
      {
        '/conversations_by_filter': {
          status: 200,
          body: { clients: [makeConversation(), ...targets.slice(0, 1)], hasMore: false },
        },
      },
    );
    renderPanel();
    fireEvent.click(screen.getByTestId('action-forward'));
    const found = await screen.findAllByTestId('forward-target');
    expect(found).toHaveLength(1);
    expect(found[0]?.textContent).toContain('José Hernández');
  });
});

describe('client info panel: follow-up file', () => {
  it('refuses a file the chat rule refuses, and uploads an accepted one into the form', async () => {
    const calls = stubPanelServer(
      {},
      {
        '/upload': {
          status: 201,
          body: {
            url: 'http://localhost/uploads/abc123.pdf',
            name: 'cotizacion.pdf',
            fileType: 'document',
            mimeType: 'application/pdf',
            weight: 2048,
          },
        },
      },
    );
    renderPanel();
    fireEvent.click(await screen.findByTestId('followup-create'));
    const input = (await screen.findByTestId('followup-file-input')) as HTMLInputElement;

    const big = new File(['x'], 'enorme.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 104857601 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('Archivo demasiado grande (máximo 100 MB)')).toBeDefined();
    expect(callsNamed(calls, '/upload')).toHaveLength(0);

    const pdf = new File(['%PDF-1.4'], 'cotizacion.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    await waitFor(() =>
      expect((document.getElementById('followup-file-url') as HTMLInputElement).value).toBe(
        'http://localhost/uploads/abc123.pdf',
      ),
    );
    expect(callsNamed(calls, '/upload')).toHaveLength(1);
  });
});
