import { BROADCAST_STEPS } from '@crm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../../../test/fakeXhr';
import { emit } from '../../../test/socketStub';
import { callsNamed, campaignView, openBroadcast, reach, resetBroadcast } from './campaignsTestKit';

vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

afterEach(resetBroadcast);

const row = (name: string) => {
  const cell = screen.getByText(name);
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return tr;
};

describe('campaign table', () => {
  it('lists the channel’s campaigns with tags, status, dates, "Pendiente" and progress, and the account cards', async () => {
    const { calls } = openBroadcast('/broadcast/table', {
      rest: {
        'GET /campaigns': {
          status: 200,
          body: [
            campaignView({
              id: 52,
              name: 'Liquidación',
              status: 'IN_PROGRESS',
              statusLabel: 'En progreso',
              selectedTags: [
                { id: 1, name: 'Clientes VIP', color: '#1677ff' },
                { id: 2, name: 'Mayoreo', color: '#52c41a' },
              ],
              lastSendAt: '2026-03-02T17:30:00.000Z',
              sent: 30,
              total: 120,
            }),
            campaignView(),
          ],
        },
      },
    });
    await screen.findByText('Liquidación');
    // Only the WhatsApp channel is offered, and chosen for the user.
    expect(screen.getByTestId('campaign-channel').textContent).toContain('WhatsApp Ventas');
    expect(callsNamed(calls, 'GET /campaigns')[0]?.query).toBe('channelId=7');

    const running = row('Liquidación');
    expect(within(running).getByText('Clientes VIP')).toBeDefined();
    expect(within(running).getByText('Mayoreo')).toBeDefined();
    expect(within(running).getByTestId('campaign-status').textContent).toBe('En progreso');
    expect(within(running).getByTestId('campaign-progress').textContent).toContain('30/120');
    expect(within(running).getByRole('button', { name: /Pausar/ })).toBeDefined();
    expect(within(running).getByTestId('campaign-link').getAttribute('href')).toBe(
      '/broadcast/analytics?campaignId=52',
    );

    const scheduled = row('Promoción de marzo');
    expect(within(scheduled).getByText('Pendiente')).toBeDefined();
    expect(within(scheduled).getByTestId('campaign-status').textContent).toBe('Programada');
    expect(within(scheduled).queryByRole('button', { name: /Pausar|Reanudar/ })).toBeNull();

    // The header cards: the provider's quality and tier of the channel's number.
    await waitFor(() => expect(screen.getByTestId('campaign-quality').textContent).toBe('Alta'));
    expect(screen.getByTestId('campaign-daily-limit').textContent).toBe('1000 mensajes');
    expect(callsNamed(calls, 'GET /broadcast/get360Status')[0]?.query).toMatch(/^channelId=\d+$/);
  });

  it('applies campaignUpdated events to the row they name', async () => {
    openBroadcast('/broadcast/table');
    await screen.findByText('Promoción de marzo');
    emit('campaignUpdated', {
      id: 50,
      status: 'IN_PROGRESS',
      statusLabel: 'En progreso',
      total: 120,
      sent: 60,
      failed: 2,
      lastSendAt: '2026-03-15T16:05:00.000Z',
    });
    const updated = row('Promoción de marzo');
    expect(within(updated).getByTestId('campaign-status').textContent).toBe('En progreso');
    expect(within(updated).getByTestId('campaign-progress').textContent).toContain('60/120');
    expect(within(updated).queryByText('Pendiente')).toBeNull();
  });

  it('deletes a campaign only after "¿Seguro que quieres eliminar esta campaña?"', async () => {
    const requests = stubXhr(() => ({ status: 200, body: { id: 50, deleted: true } }));
    openBroadcast('/broadcast/table');
    await screen.findByText('Promoción de marzo');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Promoción de marzo' }));
    expect(await screen.findByText('¿Seguro que quieres eliminar esta campaña?')).toBeDefined();
    expect(requests).toHaveLength(0);
    const confirm = document.querySelector('.ant-popconfirm-buttons .ant-btn-dangerous');
    if (!confirm) throw new Error('no confirmation button');
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByText('Promoción de marzo')).toBeNull());
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: '/api/campaign/50' });
    expect(requests[0]?.headers.Authorization).toBe('Bearer valid');
  });

  it('says why when the list or a deletion fails without a named reason (02 §8)', async () => {
    stubXhr(() => ({ status: 500, body: { code: 'INTERNAL_ERROR', userMessage: 'Ha ocurrido un error' } }));
    openBroadcast('/broadcast/table');
    await screen.findByText('Promoción de marzo');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Promoción de marzo' }));
    await screen.findByText('¿Seguro que quieres eliminar esta campaña?');
    const confirm = document.querySelector('.ant-popconfirm-buttons .ant-btn-dangerous');
    if (!confirm) throw new Error('no confirmation button');
    fireEvent.click(confirm);
    expect(await screen.findByText('Error al eliminar la campaña')).toBeDefined();
    expect(screen.getByText('Promoción de marzo')).toBeDefined();
    resetBroadcast();

    openBroadcast('/broadcast/table', { rest: { 'GET /campaigns': { status: 502, body: 'Bad Gateway' } } });
    expect(await screen.findByText('Error al obtener las campañas')).toBeDefined();
  });

  it('pauses a running campaign and resumes a paused one with the server’s answer', async () => {
    const { calls } = openBroadcast('/broadcast/table', {
      rest: {
        'GET /campaigns': {
          status: 200,
          body: [campaignView({ status: 'IN_PROGRESS', statusLabel: 'En progreso' })],
        },
        'POST /campaign/50/pause': {
          status: 200,
          body: campaignView({ status: 'PAUSED', statusLabel: 'Pausada' }),
        },
        'POST /campaign/50/resume': {
          status: 200,
          body: campaignView({ status: 'IN_PROGRESS', statusLabel: 'En progreso' }),
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Pausar/ }));
    await waitFor(() => expect(screen.getByTestId('campaign-status').textContent).toBe('Pausada'));
    const resume = screen.getByRole('button', { name: /Reanudar/ });
    await waitFor(() => expect(resume.className).not.toContain('ant-btn-loading'));
    fireEvent.click(resume);
    await waitFor(() => expect(screen.getByTestId('campaign-status').textContent).toBe('En progreso'));
    expect(callsNamed(calls, 'POST /campaign/50/pause')).toHaveLength(1);
    expect(callsNamed(calls, 'POST /campaign/50/resume')).toHaveLength(1);
  });
});

describe('quality modal before the type step', () => {
  /** Presses "Crear campaña" on the table once it shows the number's quality as `label`. */
  async function createAt(rating: 'HIGH' | 'MEDIUM' | 'LOW', label: string) {
    openBroadcast('/broadcast/table', { account: { current_quality_rating: rating } });
    await waitFor(() => expect(screen.getByTestId('campaign-quality').textContent).toBe(label));
    fireEvent.click(screen.getByRole('button', { name: /Crear campaña/ }));
  }

  it('goes straight to the type step when the quality is Alta', async () => {
    await createAt('HIGH', 'Alta');
    await reach('/broadcast/type');
  });

  it('warns on Media and lets the user continue to the type step', async () => {
    await createAt('MEDIUM', 'Media');
    const message = await screen.findByTestId('campaign-quality-message');
    expect(message.getAttribute('data-gate')).toBe('warn');
    expect(message.textContent).toContain('Media');
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await reach('/broadcast/type');
  });

  it('blocks on Baja: only "Entendido", and the user stays on the table', async () => {
    await createAt('LOW', 'Baja');
    const message = await screen.findByTestId('campaign-quality-message');
    expect(message.getAttribute('data-gate')).toBe('block');
    expect(message.textContent).toContain('Baja');
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Continuar' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/broadcast/table');
  });
});

describe('steps without a channel', () => {
  // Every step of the wizard; not the table itself, nor the results page, which stays (next test).
  it.each(BROADCAST_STEPS.filter((step) => step !== 'table' && step !== 'analytics'))(
    '/broadcast/%s goes to the table when no channel is chosen',
    async (step) => {
      openBroadcast(`/broadcast/${step}`, { channels: [], draft: { channelId: null, tagsIds: [1] } });
      await reach('/broadcast/table');
    },
  );

  it('keeps the results page without a channel', async () => {
    openBroadcast('/broadcast/analytics?campaignId=50', {
      draft: { channelId: null },
      rest: {
        'POST /campaign/analitycs': {
          status: 200,
          body: {
            campaign: campaignView(),
            totals: { total: 1, pending: 0, sent: 1, delivered: 0, viewed: 0, failed: 0, check: 0 },
            failedReasons: [],
          },
        },
      },
    });
    await screen.findByText('Volver a la tabla');
    expect(screen.getByTestId('location').textContent).toBe('/broadcast/analytics?campaignId=50');
  });
});
