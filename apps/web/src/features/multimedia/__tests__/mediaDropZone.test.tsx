import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubXhr, type XhrRequest } from '../../../test/fakeXhr';
import { MediaDropZone } from '../components/MediaDropZone';

const toastMock = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast: toastMock }));

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], name, {
    type: 'image/png',
  });
const pdf = (name: string, bytes = 2048) =>
  new File(['%PDF-1.4\n', ' '.repeat(bytes - 9)], name, { type: 'application/pdf' });
const exe = (name: string) => new File(['MZ\u0090\u0000'], name, { type: 'image/png' });

function drop(files: File[]) {
  fireEvent.change(screen.getByTestId('media-file-input'), { target: { files } });
}

/** The instructions a screen reader reads after the button's name (its aria-describedby). */
function descriptionOf(element: HTMLElement): string {
  const id = element.getAttribute('aria-describedby') ?? '';
  return document.getElementById(id)?.textContent ?? '';
}

const queued = () => screen.queryAllByTestId('media-queue-item');

describe('media drop zone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists the accepted files with name, type, size and Eliminar, and refuses a disguised executable', async () => {
    stubXhr(() => ({ status: 200, body: { files: [] } }));
    render(<MediaDropZone albumId={5} onUploaded={() => undefined} />);
    drop([png('vitrina.png'), pdf('folleto.pdf', 3 * 1024), exe('oferta.png')]);
    await waitFor(() => expect(queued()).toHaveLength(2));
    expect(screen.getByText('Tipo de archivo no permitido')).toBeDefined();
    const [photo, brochure] = queued() as HTMLElement[];
    expect(photo?.textContent).toContain('vitrina.png');
    expect(photo?.textContent).toContain('Imagen');
    expect(brochure?.textContent).toContain('Documento');
    expect(brochure?.textContent).toContain('3 KB');
    fireEvent.click(within(photo as HTMLElement).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(queued()).toHaveLength(1));
    expect(screen.getByRole('button', { name: /Subir 1 archivo/ })).toBeDefined();
  });

  it('keeps 10 files of a bigger drop and says the rest were discarded', async () => {
    stubXhr(() => ({ status: 200, body: { files: [] } }));
    render(<MediaDropZone albumId={5} onUploaded={() => undefined} />);
    drop(Array.from({ length: 12 }, (_, i) => pdf(`doc-${i}.pdf`)));
    await waitFor(() => expect(queued()).toHaveLength(10));
    expect(screen.getByText('Límite de 10 archivos excedido')).toBeDefined();
    expect(toastMock.warning).toHaveBeenCalledWith(
      'Solo puedes subir hasta 10 archivos. Algunos archivos fueron descartados',
    );
  });

  it('uploads each file on its own with a progress bar, keeps failures with their message', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests = stubXhr(async (request: XhrRequest) => {
      const file = (request.body as FormData).get('files') as File;
      if (file.name === 'repetido.pdf')
        return {
          status: 409,
          body: {
            code: 'ERROR_DUPLICATED_FILE',
            userMessage: 'Ya existe un archivo con ese nombre: repetido.pdf',
          },
        };
      await gate;
      return { status: 200, body: { files: [{ id: 1, name: file.name }] }, progress: [0.25, 0.5, 1] };
    });
    const onUploaded = vi.fn();
    render(<MediaDropZone albumId={5} onUploaded={onUploaded} />);
    drop([pdf('nuevo.pdf'), pdf('repetido.pdf')]);
    await waitFor(() => expect(queued()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: /Subir 2 archivos/ }));
    const bar = await screen.findByRole('progressbar', { name: 'Subiendo nuevo.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    release();
    await waitFor(() =>
      expect(screen.getByText('Ya existe un archivo con ese nombre: repetido.pdf')).toBeDefined(),
    );
    expect(queued()).toHaveLength(1);
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(toastMock.success).toHaveBeenCalledWith('1 archivo subido');
    expect(requests.map((request) => [request.method, request.url])).toEqual([
      ['PUT', '/api/uploadFile'],
      ['PUT', '/api/uploadFile'],
    ]);
    expect(((requests[0] as XhrRequest).body as FormData).get('albumId')).toBe('5');
  });

  it('is labelled per type (01 §2.9): the album zone names every type, an image zone only images', async () => {
    stubXhr(() => ({ status: 200, body: { files: [] } }));
    const { unmount } = render(<MediaDropZone albumId={5} onUploaded={() => undefined} />);
    const album = screen.getByRole('button', { name: 'Agregar archivos al álbum' });
    expect(descriptionOf(album)).toContain('Arrastra imágenes, videos o documentos aquí');
    unmount();

    render(<MediaDropZone albumId={5} kind="image" onUploaded={() => undefined} />);
    const zone = screen.getByRole('button', { name: 'Agregar imágenes' });
    expect(descriptionOf(zone)).toContain('Arrastra imágenes aquí o haz clic para elegirlas');
    expect(descriptionOf(zone)).toContain('JPG o PNG');
    expect(screen.getByTestId('media-file-input').getAttribute('accept')).toBe('.jpg,.jpeg,.png');
    // A document dropped on the image zone is refused as a type it does not take.
    drop([png('vitrina.png'), pdf('folleto.pdf')]);
    await waitFor(() => expect(queued()).toHaveLength(1));
    expect(screen.getByText('Tipo de archivo no permitido')).toBeDefined();
  });

  it.each([
    ['video', 'Arrastra videos aquí', 'Agregar videos'],
    ['document', 'Arrastra documentos aquí', 'Agregar documentos'],
    ['template', 'Arrastra el archivo de la plantilla aquí', 'Agregar archivo de la plantilla'],
  ] as const)('labels a %s zone in Spanish', (kind, title, name) => {
    render(<MediaDropZone albumId={5} kind={kind} onUploaded={() => undefined} />);
    expect(descriptionOf(screen.getByRole('button', { name }))).toContain(title);
  });
});
