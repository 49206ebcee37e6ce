import { ApolloProvider } from '@apollo/client/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { stubXhr, type XhrReply } from '../../../test/fakeXhr';
import { makeMe } from '../../../test/fixtures';
import { type GraphqlCall, stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../session/SessionContext';
import { AlbumGrid } from '../components/AlbumGrid';

const album = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'Album',
  id,
  name,
  spaceId: 1,
  parentId: null,
  parentName: null,
  isRoot: true,
  createdAt: '2026-11-20T16:00:00.000Z',
  albumsCount: 0,
  filesCount: 0,
  coverFileId: null,
  ...extra,
});

function setup(canWrite: boolean, createReply: XhrReply = { status: 200, body: album(9, 'Nuevo') }) {
  const calls: GraphqlCall[] = stubGraphql(() => ({
    data: {
      albums: {
        __typename: 'AlbumPage',
        total: 2,
        items: [
          album(2, 'Catálogo', { albumsCount: 2, filesCount: 5 }),
          album(1, 'Eventos', { filesCount: 1 }),
        ],
      },
    },
  }));
  const requests = stubXhr(() => createReply);
  localStorage.setItem('token', 'valid');
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me: makeMe('admin'), refetchMe: async () => undefined }}>
        <MemoryRouter initialEntries={['/multimedia']}>
          <Routes>
            <Route
              path="/multimedia"
              element={<AlbumGrid spaceId={1} parentId={null} canWrite={canWrite} />}
            />
            <Route path="/album/:id" element={<div>Página del álbum</div>} />
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return { calls, requests };
}

describe('album grid', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each card with its counts and date, and opens the album', async () => {
    const { calls } = setup(true);
    const cards = await screen.findAllByTestId('album-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('Catálogo');
    expect(cards[0]?.textContent).toContain('2 álbumes · 5 archivos');
    expect(cards[0]?.textContent).toContain('Creado el 20 nov 2026');
    expect(cards[1]?.textContent).toContain('0 álbumes · 1 archivo');
    expect(calls[0]?.variables).toEqual({
      spaceId: 1,
      parentId: null,
      search: null,
      order: 'creationDate',
      skip: 0,
      take: 12,
    });
    fireEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Catálogo' }));
    expect(await screen.findByText('Página del álbum')).toBeDefined();
  });

  it('asks for a name, and shows ERROR_DUPLICATED_ALBUM on it', async () => {
    const { requests } = setup(true, {
      status: 409,
      body: {
        code: 'ERROR_DUPLICATED_ALBUM',
        field: 'name',
        userMessage: 'Ya existe un álbum con ese nombre.',
      },
    });
    await screen.findAllByTestId('album-card');
    fireEvent.click(screen.getByRole('button', { name: /Crear álbum/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await within(dialog).findByText('Nombre obligatorio')).toBeDefined();
    expect(requests).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Nombre del álbum'), { target: { value: 'catálogo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(within(dialog).getByText('Ya existe un álbum con ese nombre.')).toBeDefined());
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/api/createAlbum');
    expect(JSON.parse(String(requests[0]?.body))).toEqual({ name: 'catálogo', spaceId: 1, parentId: null });
  });

  it('offers neither creation nor deletion without writeMultimedia', async () => {
    setup(false);
    await screen.findAllByTestId('album-card');
    expect(screen.queryByRole('button', { name: /Crear álbum/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Eliminar el álbum/ })).toBeNull();
  });
});
