import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { EMPTY_CAMPAIGN_DRAFT } from '../campaignDraft';
import { forgetLoadedCampaignDrafts } from '../hooks/useCampaignDraft';
import {
  ADMIN,
  callsNamed,
  draftTemplate,
  HEADER_URL,
  location,
  openBroadcast,
  reach,
  renderBroadcast,
  resetBroadcast,
  seedDraft,
  storedDraft,
  stubCampaignServer,
} from './campaignsTestKit';

vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

afterEach(resetBroadcast);

const COMPLETE = {
  channelId: 7,
  type: 'TAG' as const,
  tagsIds: [1, 2],
  conjunction: 'intersection' as const,
  template: draftTemplate(32),
  sendDate: '2030-06-15',
  sendTime: '10:30',
  sendAt: '2030-06-15T16:30:00.000Z',
  shouldCreateTag: true,
  tagToCreate: { name: '  Marzo 2030 ', color: '#52c41a' },
  name: ' Promo marzo ',
};

async function confirm() {
  expect((await screen.findByTestId('campaign-total-cost')).textContent).toBe('$1.2345 USD');
  fireEvent.click(screen.getByRole('button', { name: 'Crear campaña' }));
}

describe('campaign creation', () => {
  it('posts the 01 §7 payload, shows the overlay for 2 seconds, resets the draft and opens the table', async () => {
    const { calls } = openBroadcast('/broadcast/pricing', { draft: COMPLETE });
    await confirm();

    expect(await screen.findByText('¡Has creado tu campaña con éxito!')).toBeDefined();
    expect(callsNamed(calls, 'POST /broadcast/getTotalPricing')[0]?.body).toStrictEqual({
      channelId: 7,
      templateId: 32,
      tagsIds: [1, 2],
      conjunction: 'intersection',
    });
    expect(callsNamed(calls, 'POST /campaign')[0]?.body).toStrictEqual({
      channelId: 7,
      type: 'TAG',
      tagsIds: [1, 2],
      sendAt: '2030-06-15T16:30:00.000Z',
      shouldCreateTag: true,
      tagToCreate: { name: 'Marzo 2030', color: '#52c41a' },
      name: 'Promo marzo',
      templateId: 32,
      // The template's header media, as no new file was chosen.
      fileUrl: HEADER_URL,
      currentMessageLimit: 1000,
      totalCost: 1.2345,
      conjunction: 'intersection',
    });

    // The overlay stays for about 2 seconds before the table.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(location()).toBe('/broadcast/pricing');
    await reach('/broadcast/table', 8000);
    expect(screen.queryByText('¡Has creado tu campaña con éxito!')).toBeNull();
    expect(storedDraft()).toStrictEqual({ ...EMPTY_CAMPAIGN_DRAFT, channelId: 7 });
    await screen.findByTestId('campaign-table');
  });

  it('sends the new file, no tag to create and no mode for a single tag', async () => {
    const { calls } = openBroadcast('/broadcast/pricing', {
      draft: {
        ...COMPLETE,
        tagsIds: [3],
        conjunction: null,
        changeMedia: true,
        file: {
          url: 'https://cdn.test/campanas/oferta.jpg',
          name: 'oferta.jpg',
          mimeType: 'image/jpeg',
          weight: 4,
        },
        shouldCreateTag: false,
      },
    });
    await confirm();
    await screen.findByText('¡Has creado tu campaña con éxito!');
    expect(callsNamed(calls, 'POST /campaign')[0]?.body).toMatchObject({
      tagsIds: [3],
      conjunction: null,
      shouldCreateTag: false,
      tagToCreate: null,
      fileUrl: 'https://cdn.test/campanas/oferta.jpg',
    });
  });

  it('sends no file for a template without header media, and the largest integer for an unlimited tier', async () => {
    const { calls } = openBroadcast('/broadcast/pricing', {
      account: { current_limit: 'TIER_UNLIMITED', dailyLimit: null },
      draft: { ...COMPLETE, template: draftTemplate(31) },
    });
    await waitFor(() => expect(screen.getByTestId('campaign-daily-limit').textContent).toBe('Ilimitado'));
    await confirm();
    await screen.findByText('¡Has creado tu campaña con éxito!');
    expect(callsNamed(calls, 'POST /campaign')[0]?.body).toMatchObject({
      templateId: 31,
      fileUrl: null,
      currentMessageLimit: 2_147_483_647,
    });
  });

  it('shows "Error al crear la campaña" when the creation fails, and keeps the draft', async () => {
    openBroadcast('/broadcast/pricing', {
      draft: COMPLETE,
      rest: {
        'POST /campaign': {
          status: 500,
          body: { code: 'INTERNAL_ERROR', message: 'boom', userMessage: 'Ha ocurrido un error' },
        },
      },
    });
    await confirm();
    expect(await screen.findByText('Error al crear la campaña')).toBeDefined();
    expect(screen.queryByText('¡Has creado tu campaña con éxito!')).toBeNull();
    expect(location()).toBe('/broadcast/pricing');
    expect(storedDraft()?.template?.id).toBe(32);
  });

  it('takes the user to the step of a field the server refused, with its text', async () => {
    openBroadcast('/broadcast/pricing', {
      draft: COMPLETE,
      rest: {
        'POST /campaign': {
          status: 400,
          body: {
            code: 'VALIDATION_ERROR',
            message: 'name',
            userMessage: 'El nombre de la campaña es obligatorio',
            field: 'name',
          },
        },
      },
    });
    await confirm();
    await reach('/broadcast/name');
    expect(await screen.findByText('El nombre de la campaña es obligatorio')).toBeDefined();
  });

  it('refuses a send date that became past before posting', async () => {
    const { calls } = openBroadcast('/broadcast/pricing', {
      draft: { ...COMPLETE, sendDate: '2020-01-01', sendAt: '2020-01-01T16:30:00.000Z' },
    });
    await confirm();
    await reach('/broadcast/selectDate');
    expect(await screen.findByText('La fecha de envío no puede ser anterior a hoy')).toBeDefined();
    expect(callsNamed(calls, 'POST /campaign')).toHaveLength(0);
  });

  it('only logs a failed pricing fetch: the loading ends and the campaign can still be created', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    openBroadcast('/broadcast/pricing', {
      draft: COMPLETE,
      rest: { 'POST /broadcast/getTotalPricing': { status: 500, body: { code: 'INTERNAL_ERROR' } } },
    });
    expect((await screen.findByTestId('campaign-total-cost')).textContent).toBe('—');
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText('Ha ocurrido un error')).toBeNull();
    warn.mockRestore();
  });
});

describe('createTag step', () => {
  it('offers the palette with the first colour chosen and refuses an empty name with TAG_NAME_EMPTY as a toast', async () => {
    openBroadcast('/broadcast/createTag', {
      draft: { ...COMPLETE, shouldCreateTag: null, tagToCreate: EMPTY_CAMPAIGN_DRAFT.tagToCreate },
    });
    fireEvent.click(await screen.findByLabelText('Sí, crear etiqueta'));
    const colors = await screen.findByTestId('campaign-tag-colors');
    expect(within(colors).getAllByRole('radio')).toHaveLength(7);
    expect((within(colors).getByLabelText('Color #1677ff') as HTMLInputElement).checked).toBe(true);

    fireEvent.change(screen.getByLabelText('Nombre de la etiqueta'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('El nombre de la etiqueta no puede estar vacío.')).toBeDefined();
    expect(location()).toBe('/broadcast/createTag');

    fireEvent.click(within(colors).getByLabelText('Color #eb2f96'));
    fireEvent.change(screen.getByLabelText('Nombre de la etiqueta'), { target: { value: 'Marzo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await reach('/broadcast/name');
    expect(storedDraft()).toMatchObject({
      shouldCreateTag: true,
      tagToCreate: { name: 'Marzo', color: '#eb2f96' },
    });
  });
});

describe('the kept draft', () => {
  it('survives a reload of the page, for the same user and company only', async () => {
    const first = openBroadcast('/broadcast/tags', { draft: { channelId: 7, type: 'TAG' } });
    await screen.findByText('Clientes VIP');
    fireEvent.click(screen.getByLabelText('Elegir Clientes VIP'));
    fireEvent.click(screen.getByLabelText('Elegir Nuevos'));
    await screen.findByRole('dialog');
    fireEvent.click(within(screen.getByRole('dialog')).getByLabelText(/Intersección/));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    // A reload: nothing in memory, only what the tab kept.
    forgetLoadedCampaignDrafts();
    renderBroadcast('/broadcast/tags');
    await screen.findByText('Clientes VIP');
    expect((screen.getByLabelText('Elegir Clientes VIP') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Elegir Nuevos') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Elegir Mayoreo') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('campaign-conjunction-summary').getAttribute('data-conjunction')).toBe(
      'intersection',
    );
    expect(storedDraft(ADMIN)).toMatchObject({ channelId: 7, tagsIds: [1, 3], conjunction: 'intersection' });
  });

  it('is not another user’s draft', async () => {
    // Kept by ADMIN, opened by another user of the company.
    stubCampaignServer({ channels: [] });
    seedDraft({ channelId: 7, type: 'TAG', tagsIds: [1] });
    renderBroadcast('/broadcast/selectTemplate', makeMe('admin', { id: 2 }));
    await reach('/broadcast/table');
  });
});
