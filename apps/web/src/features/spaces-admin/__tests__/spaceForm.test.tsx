import { ApolloProvider } from '@apollo/client/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { stubXhr, type XhrReply, type XhrRequest } from '../../../test/fakeXhr';
import { makeMe } from '../../../test/fixtures';
import { stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../session/SessionContext';
import { SpaceForm } from '../components/SpaceForm';

const CHANNELS = [
  {
    __typename: 'Channel',
    id: 3,
    name: 'Canal de prueba',
    platform: 'sandbox',
    phone: '5215500000099',
    pageId: null,
    imageUrl: null,
    isActive: true,
    useChatbot: false,
    expiresAt: null,
    slotStatus: null,
    spaceIds: [1],
  },
  {
    __typename: 'Channel',
    id: 4,
    name: 'Messenger Demo',
    platform: 'messenger',
    phone: null,
    pageId: '200000000000001',
    imageUrl: null,
    isActive: false,
    useChatbot: false,
    expiresAt: null,
    slotStatus: null,
    spaceIds: [1],
  },
];

// 1×1 PNG: the form checks the type from the content, as the server does.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

function setup(reply: (request: XhrRequest) => XhrReply, id: number | null = null) {
  const refetchMe = vi.fn(async () => undefined);
  stubGraphql((operation) => {
    if (operation === 'SpaceFormChannels') return { data: { channels: CHANNELS } };
    if (operation === 'EditedSpace')
      return {
        data: {
          space: {
            __typename: 'Space',
            id: 9,
            name: 'Ventas',
            isDefault: false,
            imageUrl: null,
            channels: [{ __typename: 'Channel', id: 4 }],
          },
        },
      };
    return { errors: [{ message: `No stub for ${operation}` }] };
  });
  const requests = stubXhr(reply);
  localStorage.setItem('token', 'valid');
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me: makeMe('admin'), refetchMe }}>
        <MemoryRouter initialEntries={['/spaces/new']}>
          <Routes>
            <Route path="/spaces/new" element={<SpaceForm id={id} />} />
            <Route path="/spaces" element={<div>Lista de espacios</div>} />
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return { requests, refetchMe };
}

async function pickChannel(label: RegExp) {
  const select = screen.getByTestId('space-channels-select');
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

describe('space form', () => {
  afterEach(async () => {
    cleanup();
    // React's scheduler finishes the unmount before the test environment is torn down.
    await new Promise((resolve) => setTimeout(resolve, 20));
    vi.unstubAllGlobals();
  });

  it('asks for a name and at least one channel before sending anything', async () => {
    const { requests } = setup(() => ({ status: 200, body: {} }));
    await screen.findByLabelText('Nombre del espacio');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El nombre del espacio es obligatorio.')).toBeTruthy();
    expect(await screen.findByText('Selecciona al menos un canal.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends the name, the channels as JSON and the image, then goes back to /spaces', async () => {
    const { requests, refetchMe } = setup(() => ({
      status: 200,
      body: { id: 11, name: 'Ventas Norte', isDefault: false, imageUrl: null, channels: [] },
    }));
    fireEvent.change(await screen.findByLabelText('Nombre del espacio'), {
      target: { value: ' Ventas Norte ' },
    });
    await pickChannel(/Canal de prueba · WhatsApp de prueba/);
    const file = new File([PNG], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('space-image-input'), { target: { files: [file] } });
    await screen.findByText(/logo\.png/);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await screen.findByText('Lista de espacios');
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/createSpace');
    const form = request.body as FormData;
    expect(form.get('spaceName')).toBe('Ventas Norte');
    expect(form.get('channels')).toBe('[3]');
    expect((form.get('file') as File).name).toBe('logo.png');
    expect(refetchMe).toHaveBeenCalled();
  });

  it("shows the server's duplicate-name error on the name field", async () => {
    setup(() => ({
      status: 409,
      body: {
        code: 'ERROR_DUPLICATED_SPACE',
        field: 'spaceName',
        userMessage: 'Ya existe un espacio con ese nombre.',
      },
    }));
    fireEvent.change(await screen.findByLabelText('Nombre del espacio'), { target: { value: 'General' } });
    await pickChannel(/Canal de prueba/);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(screen.getAllByText('Ya existe un espacio con ese nombre.').length).toBeGreaterThan(0),
    );
    expect(screen.queryByText('Lista de espacios')).toBeNull();
  });

  it('edits a space: loads its values and sends PUT /updateSpace with newChannels', async () => {
    const { requests } = setup(
      () => ({
        status: 200,
        body: { id: 9, name: 'Ventas', isDefault: false, imageUrl: null, channels: [] },
      }),
      9,
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Nombre del espacio') as HTMLInputElement).value).toBe('Ventas'),
    );
    await pickChannel(/Canal de prueba/);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Lista de espacios');
    const [request] = requests;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/api/updateSpace');
    const form = request.body as FormData;
    expect(form.get('id')).toBe('9');
    expect(JSON.parse(String(form.get('newChannels'))).sort()).toEqual([3, 4]);
  });
});
