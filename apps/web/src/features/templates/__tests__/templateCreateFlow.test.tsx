import { ApolloProvider } from '@apollo/client/react';
import { identifyTemplateVariables } from '@crm/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { stubXhr } from '../../../test/fakeXhr';
import { makeMe } from '../../../test/fixtures';
import { jsonResponse, stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../session/SessionContext';
import { TemplateCreateFlow } from '../components/TemplateCreateFlow';
import { DRAFT_STORAGE_KEY } from '../templateDraft';

vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

const MESSAGE = 'Hola María, tu pedido A12345 llega el 15 de marzo. ¡Gracias!';
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);

interface Sent {
  path: string;
  body: unknown;
}

function setup() {
  const sent: Sent[] = [];
  const record = (path: string) => (init: RequestInit | undefined) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    sent.push({ path, body });
    return body;
  };
  stubGraphql(
    (operation) =>
      operation === 'TemplateChannels'
        ? {
            data: {
              channels: [
                {
                  __typename: 'Channel',
                  id: 7,
                  name: 'WhatsApp Ventas',
                  platform: 'whatsapp_cloud',
                  isActive: true,
                },
                { __typename: 'Channel', id: 8, name: 'Messenger', platform: 'messenger', isActive: true },
              ],
            },
          }
        : { errors: [{ message: `No stub for ${operation}` }] },
    {
      // The API runs the shared detector; the stub answers what it would.
      '/api/identify-variables': (init) => {
        const body = record('/api/identify-variables')(init) as {
          text: string;
          isIdentifyVariables: boolean;
        };
        const proposal = identifyTemplateVariables(body.text, {
          identifyVariables: body.isIdentifyVariables,
        });
        return jsonResponse({
          category: proposal.category,
          variables: body.isIdentifyVariables ? JSON.stringify(proposal.variables) : null,
          proposal: {
            text: proposal.text,
            originalText: proposal.originalText,
            variables: proposal.variables,
          },
        });
      },
      '/api/whatsappTemplate': (init) => {
        const body = record('/api/whatsappTemplate')(init);
        return jsonResponse({ createWhatsappTemplate: { id: 30, ...body, status: 'submitted' } });
      },
    },
  );
  localStorage.setItem('token', 'valid');
  return sent;
}

function renderFlow(
  me = makeMe('admin'),
  entry: string | { pathname: string; state: unknown } = '/config/new-whatsapp-template',
) {
  return render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me, refetchMe: async () => undefined }}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/config/new-whatsapp-template" element={<TemplateCreateFlow />} />
            <Route path="/config" element={<div data-testid="templates-list-page" />} />
            <Route path="/chat" element={<div data-testid="inbox-page" />} />
            <Route path="/chat/:chatId" element={<div data-testid="conversation-page" />} />
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
}

const step = () => screen.getByTestId('template-step').getAttribute('data-step');
const heading = () => screen.getByRole('heading', { level: 3 }).textContent;
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
const back = () => fireEvent.click(screen.getByRole('button', { name: 'Atrás' }));

async function reach(expected: string) {
  await waitFor(() => expect(step()).toBe(expected));
}

describe('template creation flow', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('goes init → create → new → identify variables, each with its title, refusing what breaks a rule', async () => {
    setup();
    renderFlow();
    expect(heading()).toBe('Nueva plantilla de WhatsApp');
    next();
    expect(await screen.findByText('Selecciona un tipo de plantilla.')).toBeDefined();
    // The only template channel is chosen for the user; Messenger is not offered.
    await waitFor(() =>
      expect(screen.getByTestId('template-channel').textContent).toContain('WhatsApp Ventas'),
    );
    fireEvent.click(screen.getByText('Escribir mi mensaje y detectar las variables'));
    next();
    await reach('create');
    expect(heading()).toBe('Nombra tu plantilla');

    const name = screen.getByPlaceholderText('confirmacion_pedido');
    fireEvent.change(name, { target: { value: 'Pedido Listo' } });
    next();
    expect(
      await screen.findByText('No puede contener mayúsculas, espacios ni caracteres especiales'),
    ).toBeDefined();
    expect(step()).toBe('create');
    fireEvent.change(name, { target: { value: 'pedido_listo' } });
    next();
    await reach('new');
    expect(heading()).toBe('Escribe tu mensaje');

    next();
    expect(await screen.findByText('Campo obligatorio')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Mensaje'), { target: { value: 'x'.repeat(1025) } });
    next();
    expect(await screen.findByText('El mensaje no debe exceder los 1024 caracteres')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Mensaje'), { target: { value: MESSAGE } });
    next();
    await reach('identifyVariables');
    expect(heading()).toBe('Revisa las variables');
  });

  it('keeps the draft moving back and forth and across a reload, without asking for the variables again', async () => {
    const sent = setup();
    const view = renderFlow();
    await waitFor(() =>
      expect(screen.getByTestId('template-channel').textContent).toContain('WhatsApp Ventas'),
    );
    fireEvent.click(screen.getByText('Escribir mi mensaje y detectar las variables'));
    next();
    await reach('create');
    fireEvent.change(screen.getByPlaceholderText('confirmacion_pedido'), {
      target: { value: 'pedido_listo' },
    });
    next();
    await reach('new');
    fireEvent.change(screen.getByLabelText('Mensaje'), { target: { value: MESSAGE } });
    next();
    await reach('identifyVariables');
    expect(sent).toEqual([
      { path: '/api/identify-variables', body: { text: MESSAGE, isIdentifyVariables: true } },
    ]);
    expect(screen.getByTestId('template-variables-text').textContent).toBe(
      'Hola 1María, tu pedido 2A12345 llega el 315 de marzo. ¡Gracias!',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Deshacer la variable 3' }));

    back();
    await reach('new');
    expect((screen.getByLabelText('Mensaje') as HTMLTextAreaElement).value).toBe(MESSAGE);
    back();
    await reach('create');
    expect((screen.getByPlaceholderText('confirmacion_pedido') as HTMLInputElement).value).toBe(
      'pedido_listo',
    );

    // A reload of the tab finds the draft where it was.
    view.unmount();
    expect(JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}')).toMatchObject({
      step: 'create',
      name: 'pedido_listo',
      originalText: MESSAGE,
      text: 'Hola {{1}}, tu pedido {{2}} llega el 15 de marzo. ¡Gracias!',
      textWithFormat: MESSAGE,
      isVariables: true,
      channelId: 7,
      category: 'utility',
    });
    renderFlow();
    await reach('create');
    expect((screen.getByPlaceholderText('confirmacion_pedido') as HTMLInputElement).value).toBe(
      'pedido_listo',
    );
    next();
    await reach('new');
    next();
    await reach('identifyVariables');
    // The same message: the undone variable stays undone and nothing is asked again.
    expect(screen.getAllByTestId('template-variable-row')).toHaveLength(2);
    expect(sent).toHaveLength(1);
    next();
    await reach('category');
    expect(heading()).toBe('Elige la categoría');
    expect((screen.getByRole('radio', { name: /Utilidad/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Sugerida')).toBeDefined();
  });

  it('asks for a category when none was proposed', async () => {
    setup();
    sessionStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({
        step: 'category',
        type: 'CUSTOM_TEMPLATE',
        channelId: 7,
        name: 'aviso',
        text: 'Hola',
      }),
    );
    renderFlow();
    await reach('category');
    next();
    expect(await screen.findByText('Selecciona una categoría.')).toBeDefined();
    fireEvent.click(screen.getByRole('radio', { name: /Marketing/ }));
    next();
    await reach('addMultimedia');
    expect(heading()).toBe('Agrega multimedia');
  });

  it('lets a custom template number its own variables, uploads an image header and submits for review', async () => {
    const sent = setup();
    const uploads = stubXhr(() => ({
      status: 200,
      progress: [0.5],
      body: {
        handle: '4::aW1hZ2U=',
        url: 'http://127.0.0.1/uploads/templates/abc.png',
        mimeType: 'image/png',
        fileName: 'oferta.png',
        size: PNG.length,
      },
    }));
    renderFlow();
    await waitFor(() =>
      expect(screen.getByTestId('template-channel').textContent).toContain('WhatsApp Ventas'),
    );
    fireEvent.click(screen.getByText('Crear una plantilla personalizada'));
    next();
    await reach('create');
    fireEvent.change(screen.getByPlaceholderText('confirmacion_pedido'), {
      target: { value: 'oferta_semana' },
    });
    next();
    await reach('newCustom');
    expect(heading()).toBe('Escribe tu plantilla personalizada');
    fireEvent.change(screen.getByLabelText('Mensaje'), {
      target: { value: 'Hola {{1}}, *{{2}}* de descuento hoy.' },
    });
    next();
    expect(await screen.findByText('Escribe un valor de ejemplo para la variable {{1}}.')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Ejemplo de la variable 1'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Ejemplo de la variable 2'), { target: { value: '20%' } });
    next();
    await reach('category');
    expect(sent[0]).toEqual({
      path: '/api/identify-variables',
      body: { text: 'Hola {{1}}, *{{2}}* de descuento hoy.', isIdentifyVariables: false },
    });
    expect((screen.getByRole('radio', { name: /Marketing/ }) as HTMLInputElement).checked).toBe(true);
    next();
    await reach('addMultimedia');

    fireEvent.click(screen.getByText('Imagen'));
    next();
    expect(await screen.findByText('Sube el archivo del encabezado.')).toBeDefined();
    const file = new File([PNG], 'oferta.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('template-media-input'), { target: { files: [file] } });
    expect((await screen.findByTestId('template-media-file')).textContent).toContain('oferta.png');
    expect(uploads[0]?.url).toBe('/api/whatsappTemplate/media');
    const form = uploads[0]?.body as FormData;
    expect(form.get('channelId')).toBe('7');
    expect(form.get('headerType')).toBe('imagen');
    expect((form.get('file') as File).name).toBe('oferta.png');
    next();
    await reach('preview');
    expect(heading()).toBe('Vista previa');
    const bubble = screen.getByTestId('template-preview');
    expect(bubble.textContent).toContain('Hola Ana, 20% de descuento hoy.');
    expect(bubble.querySelector('strong')?.textContent).toBe('20%');
    expect(screen.getByTestId('template-preview-header').getAttribute('src')).toBe(
      'http://127.0.0.1/uploads/templates/abc.png',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
    await screen.findByTestId('templates-list-page');
    expect(sent[1]).toEqual({
      path: '/api/whatsappTemplate',
      body: {
        name: 'oferta_semana',
        category: 'marketing',
        type: 'CUSTOM_TEMPLATE',
        channelId: 7,
        components: [
          {
            type: 'HEADER',
            format: 'IMAGE',
            example: { header_handle: ['http://127.0.0.1/uploads/templates/abc.png'] },
          },
          {
            type: 'BODY',
            text: 'Hola {{1}}, *{{2}}* de descuento hoy.',
            example: { body_text: [['Ana', '20%']] },
          },
        ],
      },
    });
    // The submitted draft is forgotten.
    expect(JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}').name ?? '').toBe('');
  });

  it("takes a refused name back to the name step with the server's message", async () => {
    setup();
    stubGraphql(
      (operation) =>
        operation === 'TemplateChannels'
          ? {
              data: {
                channels: [
                  {
                    __typename: 'Channel',
                    id: 7,
                    name: 'WhatsApp Ventas',
                    platform: 'whatsapp_cloud',
                    isActive: true,
                  },
                ],
              },
            }
          : { errors: [{ message: 'none' }] },
      {
        '/api/whatsappTemplate': () =>
          jsonResponse(
            {
              code: 'TEMPLATE_ALREADY_EXISTS',
              userMessage: 'Ya existe una plantilla con ese nombre.',
              field: 'name',
            },
            409,
          ),
      },
    );
    sessionStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({
        step: 'preview',
        type: 'NORMAL_TEMPLATE',
        channelId: 7,
        name: 'bienvenida',
        originalText: 'Hola, gracias por escribirnos.',
        text: 'Hola, gracias por escribirnos.',
        isVariables: true,
        category: 'utility',
      }),
    );
    renderFlow();
    await reach('preview');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
    await reach('create');
    expect(await screen.findByText('Ya existe una plantilla con ese nombre.')).toBeDefined();
  });

  it('ends where it was opened from, and in the inbox for a user who cannot open /config', async () => {
    setup();
    const templatesOnly = makeMe('agente', { permissions: { whatsappTemplate: true, readChat: true } });
    const first = renderFlow(templatesOnly);
    await reach('init');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(await screen.findByTestId('inbox-page')).toBeDefined();
    first.unmount();

    renderFlow(makeMe('admin'), {
      pathname: '/config/new-whatsapp-template',
      state: { returnTo: '/chat/42' },
    });
    await reach('init');
    fireEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(await screen.findByTestId('conversation-page')).toBeDefined();
  });
});
