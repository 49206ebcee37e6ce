import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinkProfilePage } from '../../../pages/LinkProfilePage';
import { stubXhr, type XhrReply } from '../../../test/fakeXhr';
import { stubServer } from '../../../test/stubServer';

// A busy 2-core machine needs more than the default 1 s for a request, a render and a navigation.
configure({ asyncUtilTimeout: 5000 });

const PROFILE = {
  about: 'Atendemos de lunes a viernes',
  website: 'https://tienda.mx',
  vertical: 'Restaurant',
  email: 'hola@tienda.mx',
  description: '',
  address: 'Av. Reforma 1',
  photoUrl: null,
};

/** A PNG's signature and IHDR chunk: enough bytes for the shared check to read its size. */
function pngBytes(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

/** A JPEG's start and its frame header (SOF0) with the size. */
function jpegBytes(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0,
    0,
    0,
    0,
  ]);
}

function photo(name: string, bytes: Uint8Array<ArrayBuffer>, type: string, size?: number): File {
  const file = new File([bytes], name, { type });
  // A 15 MB buffer is not needed to test the size rule: the size is what the browser reports.
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderProfile(reply: XhrReply = { status: 200, body: PROFILE }) {
  localStorage.setItem('token', 'valid');
  const calls = stubServer({ '/api/link-whatsapp/profile': { status: 200, body: PROFILE } });
  const posts = stubXhr(() => reply);
  render(
    <MemoryRouter initialEntries={['/link-whatsapp/profile?channelId=7']}>
      <Routes>
        <Route path="/link-whatsapp/profile" element={<LinkProfilePage />} />
        <Route path="/success-link" element={<div>Confirmación</div>} />
      </Routes>
    </MemoryRouter>,
  );
  return { calls, posts };
}

async function pick(file: File) {
  const input = screen.getByLabelText('Archivo de la foto de perfil');
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

const saveButton = () => screen.getByRole('button', { name: 'Guardar perfil' }) as HTMLButtonElement;

describe('/link-whatsapp/profile', () => {
  afterEach(async () => {
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 20));
    vi.unstubAllGlobals();
  });

  it('is prefilled from the provider and saves the profile with the photo as multipart', async () => {
    const { calls, posts } = renderProfile();
    await waitFor(() =>
      expect((screen.getByLabelText('Acerca de') as HTMLTextAreaElement).value).toBe(PROFILE.about),
    );
    expect(calls[0]?.path).toBe('/api/link-whatsapp/profile?channelId=7');
    await pick(photo('logo.png', pngBytes(640, 640), 'image/png'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Confirmación')).toBeTruthy();
    const body = posts[0]?.body;
    expect(posts[0]?.url).toBe('/api/link-whatsapp/profile');
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect((form.get('file') as File).name).toBe('logo.png');
    expect(form.get('about')).toBe(PROFILE.about);
    expect(form.get('vertical')).toBe('Restaurant');
    expect(form.get('address')).toBe(PROFILE.address);
    expect(form.get('channelId')).toBe('7');
  });

  it('blocks the form for a photo over 15 MB, over 640×640 or of another type, until a good one is chosen', async () => {
    renderProfile();
    await screen.findByDisplayValue(PROFILE.about);

    await pick(photo('logo.png', pngBytes(100, 100), 'image/png', 15 * 1024 * 1024 + 1));
    expect(await screen.findByText('La imagen debe ser menor a 15MB')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    await pick(photo('logo.jpg', jpegBytes(641, 100), 'image/jpeg'));
    expect(await screen.findByText('La imagen debe ser menor a 640x640')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    await pick(photo('logo.gif', new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), 'image/gif'));
    expect(await screen.findByText('Tipo de archivo no permitido')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    // A file named .png whose bytes are no image is refused too: the bytes decide the type, not the name.
    await pick(photo('logo.png', new Uint8Array([1, 2, 3]), 'image/png'));
    expect(await screen.findByText('Tipo de archivo no permitido')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    await pick(photo('logo.jpeg', jpegBytes(640, 480), 'image/jpeg'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await waitFor(() => expect(screen.queryByText('Tipo de archivo no permitido')).toBeNull());
  });

  it('counts the about text and refuses 256 characters or more', async () => {
    const { posts } = renderProfile();
    await screen.findByDisplayValue(PROFILE.about);
    const about = screen.getByLabelText('Acerca de');
    fireEvent.change(about, { target: { value: 'a'.repeat(10) } });
    await waitFor(() => expect(screen.getByTestId('about-counter').textContent).toBe('10/255'));
    fireEvent.change(about, { target: { value: 'a'.repeat(256) } });
    await waitFor(() => expect(screen.getByTestId('about-counter').textContent).toBe('256/255'));
    fireEvent.click(saveButton());
    expect(await screen.findByText('La descripción debe tener menos de 256 caracteres')).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it('shows a server error under its field', async () => {
    renderProfile({
      status: 500,
      body: { code: 'UPLOADING_ABOUT_ERROR', userMessage: 'Hubo un error al actualizar la descripción' },
    });
    await screen.findByDisplayValue(PROFILE.about);
    fireEvent.click(saveButton());
    expect(await screen.findByText('Hubo un error al actualizar la descripción')).toBeTruthy();
    expect(screen.queryByText('Confirmación')).toBeNull();
  });

  it.each([
    [
      'an unexpected failure',
      { status: 500, body: { code: 'INTERNAL_ERROR', userMessage: 'Ha ocurrido un error' } },
    ],
    ['an answer without a code', { status: 502, body: 'Bad Gateway' }],
  ])('shows the generic profile text for %s (01 §8)', async (_, reply) => {
    renderProfile(reply);
    await screen.findByDisplayValue(PROFILE.about);
    fireEvent.click(saveButton());
    expect(await screen.findByText('Hubo un error al agregar tu información de perfil')).toBeTruthy();
    expect(screen.queryByText('Confirmación')).toBeNull();
  });
});
