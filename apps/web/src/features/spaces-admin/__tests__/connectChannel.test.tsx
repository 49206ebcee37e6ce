import { ApolloProvider } from '@apollo/client/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { type GraphqlCall, type GraphqlReply, stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../session/SessionContext';
import { SpacesList } from '../components/SpacesList';

const SPACES = [
  {
    __typename: 'Space',
    id: 1,
    name: 'General',
    isDefault: true,
    imageUrl: null,
    channels: [],
  },
];

function channel(id: number, name: string, platform: string, phone: string) {
  return {
    __typename: 'Channel',
    id,
    name,
    platform,
    phone,
    pageId: null,
    imageUrl: null,
    isActive: true,
    useChatbot: false,
    expiresAt: null,
    slotStatus: null,
    spaceIds: [1],
  };
}

/** The spaces screen against a server whose connect mutations answer `connect`; a success adds the channel. */
function setup(connect: (operation: string, variables: Record<string, unknown>) => GraphqlReply) {
  let channels = [channel(3, 'Canal de prueba', 'sandbox', '5215500000099')];
  const refetchMe = vi.fn(async () => undefined);
  const calls = stubGraphql((operation, variables) => {
    if (operation === 'SpacesAdmin') return { data: { spaces: SPACES, channels } };
    if (operation.startsWith('Connect')) {
      const reply = connect(operation, variables);
      if ('data' in reply) {
        const created = Object.values(reply.data as Record<string, ReturnType<typeof channel>>)[0];
        channels = [...channels, created];
      }
      return reply;
    }
    return { errors: [{ message: `No stub for ${operation}` }] };
  });
  localStorage.setItem('token', 'valid');
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me: makeMe('admin'), refetchMe }}>
        <MemoryRouter>
          <SpacesList />
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return { calls, refetchMe };
}

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: /Agregar canal/ }));
  return screen.findByRole('dialog');
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const connectCalls = (calls: GraphqlCall[]) => calls.filter((c) => c.operationName.startsWith('Connect'));

describe('connect a channel by hand', () => {
  afterEach(async () => {
    cleanup();
    // React's scheduler finishes the unmount before the test environment is torn down.
    await new Promise((resolve) => setTimeout(resolve, 20));
    vi.unstubAllGlobals();
  });

  it('checks the Twilio fields first, then connects the SMS number and lists it', async () => {
    const { calls, refetchMe } = setup(() => ({
      data: { connectSmsChannel: channel(9, 'SMS +15557122661', 'sms', '15557122661') },
    }));
    const dialog = await openForm();
    expect(within(dialog).getByText(/console\.twilio\.com/)).toBeTruthy();
    expect(within(dialog).getByText(/\/webhooks\/sms/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    // The form shows each field's error as its validation ends: all three, whenever the last one lands.
    await waitFor(() => expect(within(dialog).getAllByText('Campo obligatorio')).toHaveLength(2));
    expect(await within(dialog).findByText('Teléfono obligatorio')).toBeTruthy();
    type('Account SID', 'SK123');
    expect(
      await within(dialog).findByText('El Account SID empieza con AC y le siguen 32 letras y números.'),
    ).toBeTruthy();
    expect(connectCalls(calls)).toEqual([]);

    type('Account SID', `AC${'0a'.repeat(16)}`);
    type('Auth Token', 'f0e1d2c3b4a5968778695a4b3c2d1e0f');
    type('Número de teléfono', ' +1 555 712 2661 ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));

    await waitFor(() => expect(connectCalls(calls)).toHaveLength(1));
    expect(connectCalls(calls)[0]).toEqual({
      operationName: 'ConnectSmsChannel',
      variables: {
        input: {
          accountSid: `AC${'0a'.repeat(16)}`,
          authToken: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
          phoneNumber: '+1 555 712 2661',
          name: null,
        },
      },
    });
    expect(await screen.findByTestId('channel-row-9')).toBeTruthy();
    expect(within(screen.getByTestId('channel-row-9')).getByText('SMS +15557122661')).toBeTruthy();
    expect(refetchMe).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the provider's refusal on the field it names and keeps the form open", async () => {
    const { calls } = setup(() => ({
      errors: [
        {
          message: 'Invalid field: authToken',
          extensions: {
            code: 'VALIDATION_ERROR',
            field: 'authToken',
            userMessage: 'Twilio rechazó el Account SID o el Auth Token. Revísalos en la consola de Twilio.',
          },
        },
      ],
    }));
    const dialog = await openForm();
    type('Account SID', `AC${'0a'.repeat(16)}`);
    type('Auth Token', '00000000000000000000000000000000');
    type('Número de teléfono', '+15557122661');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));

    const message = await within(dialog).findByText(
      'Twilio rechazó el Account SID o el Auth Token. Revísalos en la consola de Twilio.',
    );
    // Under the Auth Token field, not only in a toast.
    expect(message.closest('.ant-form-item')?.textContent).toContain('Auth Token');
    expect(connectCalls(calls)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('connects a 360dialog number and shows a duplicate on the number', async () => {
    const { calls } = setup(() => ({
      errors: [
        {
          message: 'dialog360 5215512345678 is a channel already',
          extensions: {
            code: 'CHANNEL_ALREADY_CONNECTED',
            field: 'phoneNumber',
            userMessage: 'Este número ya es uno de tus canales.',
          },
        },
      ],
    }));
    const dialog = await openForm();
    fireEvent.click(within(dialog).getByText('WhatsApp (360dialog)'));
    expect(await within(dialog).findByText(/360dialog Hub, abre el número/)).toBeTruthy();
    type('API key (D360-API-KEY)', 'Key360_AK');
    type('Número de WhatsApp', '+5215512345678');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));

    const message = await within(dialog).findByText('Este número ya es uno de tus canales.');
    expect(message.closest('.ant-form-item')?.textContent).toContain('Número de WhatsApp');
    expect(connectCalls(calls)[0]).toEqual({
      operationName: 'ConnectDialog360Channel',
      variables: { input: { apiKey: 'Key360_AK', phoneNumber: '+5215512345678', name: null } },
    });
  });

  it('connects an existing Cloud API number with its ids, its token and a name', async () => {
    const { calls } = setup(() => ({
      data: {
        connectWhatsappCloudChannel: channel(12, 'Ferretería Norte', 'whatsapp_cloud', '5215550107004'),
      },
    }));
    const dialog = await openForm();
    fireEvent.click(within(dialog).getByText('WhatsApp Cloud API'));
    expect(await within(dialog).findByText(/Configuración de la API/)).toBeTruthy();
    expect(within(dialog).getByText(/whatsapp_business_management/)).toBeTruthy();
    type('Identificador del número de teléfono', '106540352242922');
    type('Identificador de la cuenta de WhatsApp Business', '102290129340398');
    type('Token de acceso', `EAAG${'x'.repeat(40)}`);
    type('Nombre del canal (opcional)', 'Ferretería Norte');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));

    await waitFor(() => expect(connectCalls(calls)).toHaveLength(1));
    expect(connectCalls(calls)[0].variables).toEqual({
      input: {
        phoneNumberId: '106540352242922',
        wabaId: '102290129340398',
        accessToken: `EAAG${'x'.repeat(40)}`,
        name: 'Ferretería Norte',
      },
    });
    expect(await screen.findByTestId('channel-row-12')).toBeTruthy();
  });
});
