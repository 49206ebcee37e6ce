import type { MessageView } from '@crm/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/storage';
import { MessageBubble } from './MessageBubble';
import { mediaSourceOf } from './messageDisplay';
import { makeMessage } from './testMessage';

const received = (type: string, file: Record<string, unknown>, content = '') =>
  makeMessage({
    id: 7,
    type,
    content,
    sender: 'CLIENT',
    payload: {
      file: {
        fileType: type,
        name: null,
        url: null,
        mimeType: null,
        weight: null,
        providerMediaId: '1003',
        ...file,
      },
    },
  });

function renderMessage(message: MessageView): HTMLElement {
  render(<MessageBubble message={message} />);
  return screen.getByTestId('message-bubble');
}

interface Call {
  url: string;
  method: string;
  authorization: string | null;
}

let calls: Call[];
let created: string[];
let revoked: string[];

/** fetch as the API answers: the file's bytes on GET /api/messages/7/media, the message on POST …/retry. */
function stubApi(reply: (call: Call) => Response): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        authorization: headers.get('Authorization'),
      };
      calls.push(call);
      return reply(call);
    }),
  );
}

// jsdom's Blob is not the one Node's Response reads: a file answer is the part of Response fetchAuthorizedBlob uses.
function fileResponse(content: string, type = ''): Response {
  return { ok: true, status: 200, blob: async () => new Blob([content], { type }) } as Response;
}

beforeEach(() => {
  calls = [];
  created = [];
  revoked = [];
  setToken('token-de-sesion');
  // jsdom has no object URLs.
  URL.createObjectURL = () => {
    const url = `blob:http://localhost/archivo-${created.length + 1}`;
    created.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    revoked.push(url);
  };
});

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('received media states', () => {
  it("says 'Descargando…' while the API downloads the file, and fetches nothing", () => {
    stubApi(() => new Response(null, { status: 500 }));
    const bubble = renderMessage(received('image', { status: 'pending' }, 'El comprobante'));
    expect(within(bubble).getByText('Descargando…')).toBeDefined();
    expect(within(bubble).queryByRole('img', { name: 'El comprobante' })).toBeNull();
    expect(within(bubble).getByText('El comprobante')).toBeDefined();
    expect(calls).toEqual([]);
  });

  it("offers 'Reintentar' when the download failed, and asks the API again with the session's token", async () => {
    stubApi(
      () =>
        new Response(JSON.stringify(received('image', { status: 'pending' })), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const bubble = renderMessage(
      received('image', { status: 'failed', error: 'El archivo recibido no es una imagen válida.' }),
    );
    expect(within(bubble).getByText('No se pudo descargar el archivo')).toBeDefined();
    expect(within(bubble).getByText('El archivo recibido no es una imagen válida.')).toBeDefined();

    fireEvent.click(within(bubble).getByRole('button', { name: /Reintentar/ }));
    expect(await within(bubble).findByText('Descargando…')).toBeDefined();
    expect(calls).toEqual([
      { url: '/api/messages/7/media/retry', method: 'POST', authorization: 'Bearer token-de-sesion' },
    ]);
  });

  it('shows a stored image through an object URL fetched with the token, revoked when the bubble goes', async () => {
    stubApi(() => fileResponse('jpeg', 'image/jpeg'));
    const { unmount } = render(
      <MessageBubble
        message={received('image', { status: 'ready', mimeType: 'image/jpeg' }, 'Comprobante')}
      />,
    );
    const image = await screen.findByRole('img', { name: 'Comprobante' });
    expect(image.getAttribute('src')).toBe('blob:http://localhost/archivo-1');
    expect(calls).toEqual([
      { url: '/api/messages/7/media', method: 'GET', authorization: 'Bearer token-de-sesion' },
    ]);
    // antd's preview opens the picture full size.
    fireEvent.click(image);
    expect(screen.getByRole('dialog').querySelector('img')?.getAttribute('src')).toBe(created[0]);

    unmount();
    expect(revoked).toEqual(created);
  });

  it('plays a stored voice note with controls', async () => {
    stubApi(() => fileResponse('OggS', 'audio/ogg'));
    const audioBubble = renderMessage(received('audio', { status: 'ready', mimeType: 'audio/ogg' }));
    await waitFor(() => expect(audioBubble.querySelector('audio')).not.toBeNull());
    const audio = audioBubble.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe('blob:http://localhost/archivo-1');
    expect(audio?.hasAttribute('controls')).toBe(true);
  });

  it('downloads a stored document only when asked, under its own name', async () => {
    stubApi(() => fileResponse('%PDF-1.7', 'application/pdf'));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    const bubble = renderMessage(
      received('document', {
        status: 'ready',
        name: 'factura.pdf',
        mimeType: 'application/pdf',
        weight: 2048,
      }),
    );
    expect(within(bubble).getByText('2 KB')).toBeDefined();
    expect(calls).toEqual([]);

    fireEvent.click(within(bubble).getByRole('button', { name: 'Descargar factura.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['factura.pdf blob:http://localhost/archivo-1']));
    expect(calls[0]).toMatchObject({ url: '/api/messages/7/media', authorization: 'Bearer token-de-sesion' });
  });

  it('says a stored file is not available when the API refuses it', async () => {
    stubApi(() => new Response(JSON.stringify({ code: 'FORBIDDEN' }), { status: 403 }));
    const bubble = renderMessage(received('video', { status: 'ready' }));
    expect(await within(bubble).findByText('Video no disponible')).toBeDefined();
  });
});

describe('mediaSourceOf', () => {
  it('keeps public links for our own uploads and offers a retry for files received before downloads', () => {
    expect(
      mediaSourceOf(received('image', { url: 'https://crm.mx/uploads/a.png', providerMediaId: null })),
    ).toEqual({
      kind: 'link',
      url: 'https://crm.mx/uploads/a.png',
    });
    expect(mediaSourceOf(received('image', {}))).toEqual({ kind: 'failed', reason: null });
    expect(mediaSourceOf(received('image', { providerMediaId: null }))).toEqual({ kind: 'none' });
    expect(mediaSourceOf(received('image', { status: 'ready' }))).toEqual({
      kind: 'stored',
      path: '/api/messages/7/media',
    });
  });
});
