import { IMPORT_MESSAGES, type ImportContactsResult } from '@crm/shared';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../../../test/fakeXhr';
import { emit } from '../../../test/socketStub';
import { ImportContactsFlow } from '../components/ImportContactsFlow';

vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/toast', () => ({
  toast: {
    error: (text: string) => toasts.push(text),
    success: () => undefined,
    warning: () => undefined,
    info: () => undefined,
    close: () => undefined,
  },
}));

const CHANNELS = [
  { id: 4, name: 'WhatsApp Ventas' },
  { id: 6, name: 'SMS Cobranza' },
];

const RESULT: ImportContactsResult = {
  importContacts: 8,
  newClientsDataResult: [
    ...Array.from({ length: 8 }, (_, i) => ({
      number: `52155000000${i}`,
      status: 'creado' as const,
      message: IMPORT_MESSAGES.created,
    })),
    { number: '12ab', status: 'error', message: IMPORT_MESSAGES.badPhone },
  ],
  finalStatus: 'partial',
};

const csv = (name = 'contactos.csv') =>
  new File(['Nombre,Apellido,Teléfono\nAna,Ríos,5215512345678\n'], name, { type: 'text/csv' });

function open(onClose: (imported: boolean) => void = () => undefined) {
  render(<ImportContactsFlow open channels={CHANNELS} onClose={onClose} />);
}

function toUpload() {
  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
  expect(screen.getByText('Selecciona un canal para importar tus contactos')).toBeDefined();
  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
}

function drop(file: File) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

// antd's first render of a table and its modals is slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

describe('contacts import flow', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'valid');
    toasts.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('explains the columns, offers the template and shows an example before anything else', () => {
    open();
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Teléfono con código de país (México 521, Argentina 549)');
    expect(dialog.textContent).toContain('Etiquetas separadas por comas');
    expect(dialog.textContent).toContain('Correo del agente');
    expect(screen.getByRole('button', { name: 'Descargar plantilla' })).toBeDefined();
    const example = screen.getByLabelText('Ejemplo de archivo');
    expect(within(example).getByText('5215512345678')).toBeDefined();
    expect(within(example).getByText('Correo del agente')).toBeDefined();
  });

  it('uploads the file to the chosen channel, follows the server progress, and lists each row with 7 a page', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests = stubXhr(async () => {
      await gate;
      return { status: 200, body: RESULT, progress: [0.5, 1] };
    });
    const onClose = vi.fn();
    open(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Canal' }));
    fireEvent.click(await screen.findByTitle('SMS Cobranza'));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    drop(csv());

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/api/importContacts');
    expect(requests[0]?.headers.Authorization).toBe('Bearer valid');
    const form = requests[0]?.body as FormData;
    expect(form.get('channelId')).toBe('6');
    expect((form.get('file') as File).name).toBe('contactos.csv');
    expect(screen.getByRole('progressbar').textContent).toBe('Subiendo archivo 0%');

    emit('progressBar', { progress: 30, processed: 3, total: 10 });
    expect(screen.getByRole('progressbar').textContent).toBe('Importando contactos 30%');
    expect((screen.getByText('Importando contactos 30%') as HTMLElement).style.color).toBe('rgb(38, 38, 38)');
    emit('progressBar', { progress: 55, processed: 5, total: 9 });
    // 02 §7: the text turns white above 40 %.
    expect((screen.getByText('Importando contactos 55%') as HTMLElement).style.color).toBe(
      'rgb(255, 255, 255)',
    );
    expect(screen.getByText('5 de 9 contactos procesados')).toBeDefined();

    release();
    await screen.findByText('Contactos creados: 8. Duplicados: 0. Con error: 1.');
    const table = screen.getByRole('table');
    expect(within(table).getByText('Número o nombre')).toBeDefined();
    expect(within(table).getByText('Estado')).toBeDefined();
    expect(within(table).getByText('Mensaje')).toBeDefined();
    expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(7);
    fireEvent.click(screen.getByTitle('2'));
    const errorRow = within(screen.getByRole('table')).getByText('12ab').closest('tr') as HTMLElement;
    expect(within(errorRow).getByText('Error')).toBeDefined();
    expect(within(errorRow).getByText(IMPORT_MESSAGES.badPhone)).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it("shows the server's reason for a refused file and lets the person try again", async () => {
    stubXhr(() => ({
      status: 400,
      body: { code: 'VALIDATION_ERROR', userMessage: IMPORT_MESSAGES.tooMany(5000), field: 'file' },
    }));
    open();
    toUpload();
    drop(csv());
    await screen.findByText(IMPORT_MESSAGES.tooMany(5000));
    expect(toasts).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Atrás' }).hasAttribute('disabled')).toBe(false);
  });

  it("toasts 'Error importing contacts' when the failure carries no reason", async () => {
    stubXhr(() => ({ status: 500, body: { code: 'INTERNAL_ERROR' } }));
    open();
    toUpload();
    drop(csv());
    await screen.findByText(IMPORT_MESSAGES.failed);
    expect(toasts).toEqual(['Error importing contacts']);
  });

  it("sends Excel's 'Texto Unicode' (.txt, UTF-16 with BOM) as it is, for the server to decode (issue 19)", async () => {
    const requests = stubXhr(() => ({ status: 200, body: RESULT }));
    open();
    toUpload();
    const bytes = new Uint8Array([0xff, 0xfe, 0x4e, 0x00, 0x6f, 0x00]);
    drop(new File([bytes], 'contactos.txt', { type: 'text/plain' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const form = requests[0]?.body as FormData;
    const sent = form.get('file') as File;
    expect(sent.name).toBe('contactos.txt');
    expect([...new Uint8Array(await sent.arrayBuffer())]).toEqual([...bytes]);
  });

  it('refuses a file that is not .xlsx or .csv without sending it', async () => {
    const requests = stubXhr(() => ({ status: 200, body: RESULT }));
    open();
    toUpload();
    drop(new File(['%PDF'], 'contactos.pdf', { type: 'application/pdf' }));
    await screen.findByText(IMPORT_MESSAGES.notSpreadsheet);
    expect(requests).toHaveLength(0);
  });
});
