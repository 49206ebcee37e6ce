import { ApolloProvider } from '@apollo/client/react';
import type { RoleName } from '@crm/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { stubXhr, type XhrReply, type XhrRequest } from '../../../test/fakeXhr';
import { makeMe } from '../../../test/fixtures';
import { stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../session/SessionContext';
import { QuickAnswerForm } from '../components/QuickAnswerForm';

const SAVED = {
  id: 7,
  spaceId: 1,
  shortcut: 'envio',
  text: 'Hola {{nombre_cliente}}',
  file: null,
  lastUse: null,
  frecuency: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function setup(
  reply: (request: XhrRequest) => XhrReply,
  { id = null, role = 'admin' }: { id?: number | null; role?: RoleName } = {},
) {
  stubGraphql((operation) =>
    operation === 'AdminQuickAnswer'
      ? {
          data: {
            quickAnswer: {
              __typename: 'QuickAnswer',
              ...SAVED,
              file: { name: 'guia.pdf', url: 'http://x/uploads/a.pdf', fileType: 'document', weight: 2048 },
            },
          },
        }
      : { errors: [{ message: `No stub for ${operation}` }] },
  );
  const requests = stubXhr(reply);
  localStorage.setItem('token', 'valid');
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider
        value={{ me: makeMe(role, { name: 'Andrea Admin' }), refetchMe: async () => undefined }}
      >
        <MemoryRouter initialEntries={['/quickAnswers/new']}>
          <Routes>
            <Route path="/quickAnswers/new" element={<QuickAnswerForm id={id} />} />
            <Route path="/quickAnswers" element={<div>Lista de respuestas</div>} />
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return requests;
}

const formOf = (request: XhrRequest) => request.body as FormData;

describe('quick answer form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the slash, inserts both placeholders and previews them filled in', async () => {
    setup(() => ({ status: 200, body: SAVED }));
    const shortcut = screen.getByLabelText('Atajo') as HTMLInputElement;
    fireEvent.change(shortcut, { target: { value: 'envio' } });
    expect(shortcut.value).toBe('/envio');
    const text = screen.getByLabelText('Texto') as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'Hola ' } });
    fireEvent.click(screen.getByRole('button', { name: /Insertar nombre del cliente/ }));
    await waitFor(() => expect(text.value).toBe('Hola {{nombre_cliente}}'));
    await waitFor(() =>
      expect(screen.getByTestId('quick-answer-preview').textContent).toBe('Hola María López'),
    );
    fireEvent.change(text, { target: { value: `${text.value}, soy ` } });
    fireEvent.click(screen.getByRole('button', { name: /Insertar nombre del agente/ }));
    await waitFor(() => expect(text.value).toBe('Hola {{nombre_cliente}}, soy {{nombre_agente}}'));
    await waitFor(() =>
      expect(screen.getByTestId('quick-answer-preview').textContent).toBe(
        'Hola María López, soy Andrea Admin',
      ),
    );
  });

  it('refuses a shortcut with spaces and an empty text before sending anything', async () => {
    const requests = setup(() => ({ status: 200, body: SAVED }));
    fireEvent.change(screen.getByLabelText('Atajo'), { target: { value: '/mi atajo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No puede contener espacios ni caracteres especiales')).toBeDefined();
    expect(await screen.findByText('Campo obligatorio')).toBeDefined();
    expect(requests).toHaveLength(0);
  });

  it('sends the shortcut without its slash, the selected space and the file, then goes back to the list', async () => {
    const requests = setup(() => ({ status: 200, body: SAVED }));
    fireEvent.change(screen.getByLabelText('Atajo'), { target: { value: '/envio' } });
    fireEvent.change(screen.getByLabelText('Texto'), { target: { value: 'Hola {{nombre_cliente}}' } });
    const pdf = new File(['%PDF-1.4\n%%EOF'], 'guia.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('quick-answer-file-input'), { target: { files: [pdf] } });
    expect(await screen.findByTestId('quick-answer-picked-file')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Lista de respuestas')).toBeDefined();
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/api/createQuickAnswer');
    const form = formOf(requests[0] as XhrRequest);
    expect(form.get('shortcut')).toBe('envio');
    expect(form.get('spaceId')).toBe('1');
    expect(form.get('text')).toBe('Hola {{nombre_cliente}}');
    expect((form.get('file') as File).name).toBe('guia.pdf');
    expect(form.get('fileName')).toBe('guia.pdf');
  });

  it('refuses a file whose bytes are not what its name says', async () => {
    setup(() => ({ status: 200, body: SAVED }));
    const fake = new File(['MZ\u0090\u0000\u0003'], 'foto.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('quick-answer-file-input'), { target: { files: [fake] } });
    expect(await screen.findByText('Tipo de archivo no permitido')).toBeDefined();
    expect(screen.queryByTestId('quick-answer-picked-file')).toBeNull();
  });

  it("shows the server's SHORTCUT_ALREADY_EXISTS on the shortcut and stays", async () => {
    setup(() => ({
      status: 409,
      body: {
        code: 'SHORTCUT_ALREADY_EXISTS',
        field: 'shortcut',
        message: 'SHORTCUT_ALREADY_EXISTS',
        userMessage: 'Ya existe una respuesta rápida con ese atajo.',
      },
    }));
    fireEvent.change(screen.getByLabelText('Atajo'), { target: { value: '/saludo' } });
    fireEvent.change(screen.getByLabelText('Texto'), { target: { value: 'Hola' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(screen.getAllByText('Ya existe una respuesta rápida con ese atajo.').length).toBeGreaterThan(0),
    );
    expect(screen.queryByText('Lista de respuestas')).toBeNull();
  });

  it('edits an answer: loads it, and can drop its file', async () => {
    const requests = setup(() => ({ status: 200, body: { ...SAVED, file: null } }), { id: 7 });
    await waitFor(() => expect((screen.getByLabelText('Atajo') as HTMLInputElement).value).toBe('/envio'));
    expect(screen.getByTestId('quick-answer-saved-file').textContent).toContain('guia.pdf');
    expect(screen.getByTestId('quick-answer-saved-file').textContent).toContain('2 KB');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('El archivo se quitará al guardar.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Lista de respuestas')).toBeDefined();
    expect(requests[0]?.url).toBe('/api/updateQuickAnswer');
    const form = formOf(requests[0] as XhrRequest);
    expect(form.get('id')).toBe('7');
    expect(form.get('removeFile')).toBe('true');
    expect(form.get('spaceId')).toBeNull();
  });
});
