import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../../../test/fakeXhr';
import {
  callsNamed,
  draftTemplate,
  HEADER_URL,
  location,
  openBroadcast,
  reach,
  resetBroadcast,
  storedDraft,
} from './campaignsTestKit';

vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

afterEach(resetBroadcast);

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const continueButton = () => button('Continuar');
const back = () => fireEvent.click(button('Regresar'));
const next = () => fireEvent.click(continueButton());
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

/** Types into an antd picker's input and confirms, as a keyboard user does. */
function typeInPicker(id: string, value: string) {
  const input = document.getElementById(id) as HTMLInputElement | null;
  if (!input) throw new Error(`no picker ${id}`);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

async function pickDateAndTime() {
  typeInPicker('campaign-send-date', '15/06/2030');
  typeInPicker('campaign-send-time', '10:30');
  await waitFor(() => expect(isDisabled(continueButton())).toBe(false));
}

describe('campaign wizard navigation', () => {
  it('walks a template without header media from the type step to pricing and all the way back', async () => {
    openBroadcast('/broadcast/type', { draft: { channelId: 7 } });

    // type: Excel and Audiencia are not offered; Etiqueta(s) leads to the tags.
    expect(isDisabled(button(/Archivo de Excel/))).toBe(true);
    expect(isDisabled(button(/^.*Audiencia$/))).toBe(true);
    fireEvent.click(button(/Etiqueta\(s\)/));
    await reach('/broadcast/tags');

    // tags: 'Elegir etiquetas' waits for a ticked tag.
    await screen.findByText('Clientes VIP');
    expect(isDisabled(button('Elegir etiquetas'))).toBe(true);
    fireEvent.click(screen.getByLabelText('Elegir Clientes VIP'));
    await waitFor(() => expect(isDisabled(button('Elegir etiquetas'))).toBe(false));
    fireEvent.click(button('Elegir etiquetas'));
    await reach('/broadcast/selectTemplate');

    // selectTemplate: Continue waits for a template; one without media skips selectMultimedia.
    await screen.findByText('promo_marzo');
    expect(isDisabled(continueButton())).toBe(true);
    fireEvent.click(screen.getByText('promo_marzo'));
    await waitFor(() => expect(isDisabled(continueButton())).toBe(false));
    next();
    await reach('/broadcast/selectDate');
    back();
    await reach('/broadcast/selectTemplate');
    await waitFor(() => expect(isDisabled(continueButton())).toBe(false));
    next();
    await reach('/broadcast/selectDate');

    // selectDate: Continue waits for a day and a time, and stores the moment as ISO.
    expect(isDisabled(continueButton())).toBe(true);
    await pickDateAndTime();
    next();
    await reach('/broadcast/preview');
    // 10:30 in Mexico City (UTC-6, no DST since 2022).
    expect(storedDraft()?.sendAt).toBe('2030-06-15T16:30:00.000Z');

    // preview: bold, italic and strike rendered; no media for this template.
    const bubble = screen.getByTestId('campaign-preview');
    expect(within(bubble).getByText('Hola').tagName).toBe('STRONG');
    expect(within(bubble).getByText('amigos').tagName).toBe('EM');
    expect(within(bubble).getByText('antes').tagName).toBe('S');
    expect(screen.queryByTestId('campaign-preview-media')).toBeNull();
    expect(screen.getByTestId('campaign-preview-time').textContent).toMatch(/^\d{2}:\d{2}$/);
    next();
    await reach('/broadcast/createTag');

    // createTag: Continue waits for the answer.
    expect(isDisabled(continueButton())).toBe(true);
    fireEvent.click(screen.getByLabelText('No'));
    await waitFor(() => expect(isDisabled(continueButton())).toBe(false));
    next();
    await reach('/broadcast/name');

    // name: Continue stays disabled while the name is empty or blank.
    expect(isDisabled(continueButton())).toBe(true);
    fireEvent.change(screen.getByLabelText('Nombre de la campaña'), { target: { value: '   ' } });
    expect(isDisabled(continueButton())).toBe(true);
    fireEvent.change(screen.getByLabelText('Nombre de la campaña'), { target: { value: 'Promo marzo' } });
    await waitFor(() => expect(isDisabled(continueButton())).toBe(false));
    next();
    await reach('/broadcast/pricing');
    expect((await screen.findByTestId('campaign-total-cost')).textContent).toBe('$1.2345 USD');
    expect(screen.getByText('Este monto se cobrará más adelante.')).toBeDefined();

    // And back, step by step, to the table.
    for (const step of [
      'name',
      'createTag',
      'preview',
      'selectDate',
      'selectTemplate',
      'tags',
      'type',
      'table',
    ]) {
      back();
      await reach(`/broadcast/${step}`);
    }
  });

  it('goes through selectMultimedia for a template with header media, both ways', async () => {
    const uploads = stubXhr(() => ({ status: 201, body: { url: 'https://cdn.test/campanas/oferta.jpg' } }));
    openBroadcast('/broadcast/selectTemplate', { draft: { channelId: 7, type: 'TAG', tagsIds: [1] } });

    fireEvent.click(await screen.findByText('aviso_envío'));
    await waitFor(() => expect(isDisabled(continueButton())).toBe(false));
    next();
    await reach('/broadcast/selectMultimedia');

    // 'No' keeps the template's file and goes to the date; Back from there returns here.
    fireEvent.click(button('No, ir al siguiente paso'));
    await reach('/broadcast/selectDate');
    back();
    await reach('/broadcast/selectMultimedia');

    // 'Yes' shows the uploader; Continue waits for an uploaded file with a short enough name.
    fireEvent.click(button('Sí, quiero cambiar el archivo'));
    const input = await screen.findByTestId('campaign-media-input');
    expect(isDisabled(continueButton())).toBe(true);
    const longName = `${'a'.repeat(47)}.jpg`;
    expect(longName.length).toBe(51);
    fireEvent.change(input, { target: { files: [new File(['x'], longName, { type: 'image/jpeg' })] } });
    expect((await screen.findByTestId('campaign-media-error')).textContent).toContain('50');
    expect(isDisabled(continueButton())).toBe(true);
    expect(uploads).toHaveLength(0);

    fireEvent.change(input, {
      target: { files: [new File(['jpeg'], 'oferta.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(() => expect(isDisabled(continueButton())).toBe(false));
    expect(uploads[0]).toMatchObject({ method: 'POST', url: '/api/broadcast/media' });
    const form = uploads[0]?.body as FormData;
    expect((form.get('file') as File).name).toBe('oferta.jpg');
    expect(form.get('name')).toBe('oferta.jpg');
    expect(form.get('weight')).toBe('4');
    expect(form.get('fileType')).toBe('image/jpeg');
    expect(storedDraft()?.file?.url).toBe('https://cdn.test/campanas/oferta.jpg');

    next();
    await reach('/broadcast/selectDate');
    await pickDateAndTime();
    next();
    await reach('/broadcast/preview');
    expect(screen.getByTestId('campaign-preview-media').getAttribute('src')).toBe(
      'https://cdn.test/campanas/oferta.jpg',
    );
    back();
    await reach('/broadcast/selectDate');
    back();
    await reach('/broadcast/selectMultimedia');

    // Back clears the choice and returns to the templates.
    back();
    await reach('/broadcast/selectTemplate');
    expect(storedDraft()).toMatchObject({ changeMedia: false, file: null });
  });

  it('refuses a file of another kind than the template’s header', async () => {
    const uploads = stubXhr(() => ({ status: 201, body: { url: 'https://cdn.test/x.pdf' } }));
    openBroadcast('/broadcast/selectMultimedia', {
      draft: { channelId: 7, type: 'TAG', tagsIds: [1], template: draftTemplate(32), changeMedia: true },
    });
    const input = await screen.findByTestId('campaign-media-input');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'folleto.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByTestId('campaign-media-error')).textContent).toContain('imagen');
    expect(isDisabled(continueButton())).toBe(true);
    expect(uploads).toHaveLength(0);
  });

  it('previews the template’s own header media when it is kept', async () => {
    openBroadcast('/broadcast/preview', {
      draft: {
        channelId: 7,
        type: 'TAG',
        tagsIds: [1],
        template: draftTemplate(32),
        sendDate: '2030-06-15',
        sendTime: '10:30',
        sendAt: '2030-06-15T16:30:00.000Z',
      },
    });
    const media = await screen.findByTestId('campaign-preview-media');
    expect(media.getAttribute('src')).toBe(HEADER_URL);
    // Back from selectDate leads to selectMultimedia for a template with header media.
    back();
    await reach('/broadcast/selectDate');
    back();
    await reach('/broadcast/selectMultimedia');
  });

  it('sends a later step back to the first choice it lacks', async () => {
    openBroadcast('/broadcast/pricing', { draft: { channelId: 7, type: 'TAG', tagsIds: [1] } });
    await reach('/broadcast/selectTemplate');
    expect(location()).toBe('/broadcast/selectTemplate');
  });
});

describe('selectTemplate', () => {
  it('offers accepted templates without example values, by category and accent-, case- and underscore-blind search', async () => {
    const { calls } = openBroadcast('/broadcast/selectTemplate', {
      draft: { channelId: 7, type: 'TAG', tagsIds: [1] },
    });
    await screen.findByText('promo_marzo');
    expect(callsNamed(calls, 'whatsappTemplates')[0]?.body).toMatchObject({ variables: { channelId: 7 } });
    const names = () =>
      Array.from(screen.getByTestId('campaign-templates').querySelectorAll('strong')).map(
        (n) => n.textContent,
      );
    // saludo_variable has example body values; en_revision is not accepted.
    expect(names()).toEqual(['promo_marzo', 'aviso_envío', 'recordatorio_pago']);

    // The option text is cut at 80 characters.
    const texts = screen.getAllByTestId('campaign-template-text').map((n) => n.textContent ?? '');
    const long = texts.find((text) => text.startsWith('Estimado cliente'));
    expect(long).toBeDefined();
    expect(Array.from(long ?? '').length).toBe(81);
    expect(long?.endsWith('…')).toBe(true);

    fireEvent.click(screen.getByText('Utilidad', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(names()).toEqual(['aviso_envío', 'recordatorio_pago']));
    fireEvent.click(screen.getByText('Todas', { selector: '.ant-segmented-item-label' }));
    fireEvent.change(screen.getByPlaceholderText('Buscar plantillas...'), {
      target: { value: 'AVISO ENVIO' },
    });
    await waitFor(() => expect(names()).toEqual(['aviso_envío']));
    fireEvent.change(screen.getByPlaceholderText('Buscar plantillas...'), {
      target: { value: 'promomarzo' },
    });
    await waitFor(() => expect(names()).toEqual(['promo_marzo']));
    fireEvent.change(screen.getByPlaceholderText('Buscar plantillas...'), {
      target: { value: 'SUSCRIPCIÓN' },
    });
    await waitFor(() => expect(names()).toEqual(['recordatorio_pago']));
  });
});
