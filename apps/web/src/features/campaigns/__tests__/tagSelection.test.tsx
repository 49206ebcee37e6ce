import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsNamed,
  location,
  openBroadcast,
  reach,
  resetBroadcast,
  type ServerOptions,
  storedDraft,
} from './campaignsTestKit';

vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

afterEach(resetBroadcast);

const tick = (name: string) => fireEvent.click(screen.getByLabelText(`Elegir ${name}`));
const dialog = () => screen.getByRole('dialog');
const checkedConjunction = () =>
  (within(dialog()).getByRole('radio', { checked: true }).closest('label')?.textContent ?? '').trim();

/** The tags step of a draft with its channel and type chosen, once the tags are listed. */
async function openTags(server: ServerOptions = {}) {
  const { calls } = openBroadcast('/broadcast/tags', { ...server, draft: { channelId: 7, type: 'TAG' } });
  await screen.findByText('Clientes VIP');
  return calls;
}

describe('tag selection', () => {
  it('shows each tag with its creation date, colour and the channel’s contacts, and searches by name', async () => {
    const calls = await openTags();
    expect(callsNamed(calls, 'GET /broadcast/tags')[0]?.query).toBe('channelId=7');
    expect(
      screen.getByText(
        'Una campaña envía un mensaje a muchas personas a la vez, usando una lista de contactos de Excel o los grupos que elijas.',
      ),
    ).toBeDefined();
    const vip = screen.getByText('Clientes VIP').closest('tr') as HTMLElement;
    expect(within(vip).getByText('120')).toBeDefined();
    expect(within(vip).getByText('#1677ff')).toBeDefined();
    expect(within(vip).getByText(/2026/)).toBeDefined();
    fireEvent.change(screen.getByPlaceholderText('Buscar etiquetas...'), { target: { value: 'mayoréo' } });
    await waitFor(() => expect(screen.queryByText('Clientes VIP')).toBeNull());
    expect(screen.getByText('Mayoreo')).toBeDefined();
  });

  it('asks how to combine on the second tag with union chosen, saves the choice, and clears it back at one tag', async () => {
    await openTags();

    tick('Clientes VIP');
    await waitFor(() => expect(storedDraft()?.tagsIds).toEqual([1]));
    expect(storedDraft()?.conjunction).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    tick('Mayoreo');
    await screen.findByRole('dialog');
    expect(within(dialog()).getByText('¿Cómo quieres combinar las etiquetas?')).toBeDefined();
    expect(checkedConjunction()).toContain('Unión');
    expect(storedDraft()?.conjunction).toBe('union');
    // In the spec's order, each with its explanation.
    const options = within(dialog())
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent ?? '');
    expect(options[0]).toContain('Intersección');
    expect(options[0]).toContain('Contactos con todas las etiquetas');
    expect(options[1]).toContain('Diferencia');
    expect(options[2]).toContain('Unión');

    // Regresar closes without changing the mode.
    fireEvent.click(within(dialog()).getByLabelText(/Intersección/));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Regresar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storedDraft()?.conjunction).toBe('union');

    // Cambiar reopens it on the stored mode; Guardar keeps the new one.
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar' }));
    await screen.findByRole('dialog');
    expect(checkedConjunction()).toContain('Unión');
    fireEvent.click(within(dialog()).getByLabelText(/Diferencia/));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storedDraft()?.conjunction).toBe('difference');
    expect(screen.getByTestId('campaign-conjunction-summary').getAttribute('data-conjunction')).toBe(
      'difference',
    );

    // A third tag keeps the chosen mode and does not ask again.
    tick('Nuevos');
    await waitFor(() => expect(storedDraft()?.tagsIds).toEqual([1, 2, 3]));
    expect(storedDraft()?.conjunction).toBe('difference');
    expect(screen.queryByRole('dialog')).toBeNull();

    // Back to one tag: no mode.
    tick('Nuevos');
    tick('Mayoreo');
    await waitFor(() => expect(storedDraft()?.tagsIds).toEqual([1]));
    expect(storedDraft()?.conjunction).toBeNull();
    expect(screen.queryByTestId('campaign-conjunction-summary')).toBeNull();

    // A second tag again: union again, not the earlier choice.
    tick('Nuevos');
    await screen.findByRole('dialog');
    expect(checkedConjunction()).toContain('Unión');
    expect(storedDraft()?.conjunction).toBe('union');
  });

  it('sends the tags and their mode to the audience count', async () => {
    const calls = await openTags();
    tick('Clientes VIP');
    tick('Mayoreo');
    await screen.findByRole('dialog');
    fireEvent.click(within(dialog()).getByLabelText(/Intersección/));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Elegir etiquetas' }));
    await reach('/broadcast/selectTemplate');
    expect(callsNamed(calls, 'POST /broadcast/audience')[0]?.body).toEqual({
      channelId: 7,
      tagsIds: [1, 2],
      conjunction: 'intersection',
    });
  });
});

describe('daily-limit dialog', () => {
  it('warns when the audience exceeds the daily limit: Regresar stays, Entendido goes on to the templates', async () => {
    await openTags({ account: { current_limit: 'TIER_250', dailyLimit: 250 }, audience: 251 });
    await waitFor(() => expect(screen.getByTestId('campaign-daily-limit').textContent).toBe('250 mensajes'));
    tick('Clientes VIP');
    fireEvent.click(screen.getByRole('button', { name: 'Elegir etiquetas' }));
    await screen.findByRole('dialog');
    expect(
      within(dialog()).getByText('Has sobrepasado el límite de envío diario de mensajes.'),
    ).toBeDefined();
    expect(
      within(dialog()).getByText('Los mensajes restantes se enviarán en los días siguientes.'),
    ).toBeDefined();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Regresar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/broadcast/tags');

    fireEvent.click(screen.getByRole('button', { name: 'Elegir etiquetas' }));
    await screen.findByRole('dialog');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Entendido' }));
    await reach('/broadcast/selectTemplate');
  });

  it('does not appear when the audience fits the limit', async () => {
    await openTags({ account: { current_limit: 'TIER_250', dailyLimit: 250 }, audience: 250 });
    await waitFor(() => expect(screen.getByTestId('campaign-daily-limit').textContent).toBe('250 mensajes'));
    tick('Clientes VIP');
    fireEvent.click(screen.getByRole('button', { name: 'Elegir etiquetas' }));
    await reach('/broadcast/selectTemplate');
  });

  it('never appears for an unlimited tier', async () => {
    await openTags({ account: { current_limit: 'TIER_UNLIMITED', dailyLimit: null }, audience: 5_000_000 });
    await waitFor(() => expect(screen.getByTestId('campaign-daily-limit').textContent).toBe('Ilimitado'));
    tick('Mayoreo');
    fireEvent.click(screen.getByRole('button', { name: 'Elegir etiquetas' }));
    await reach('/broadcast/selectTemplate');
  });
});
