import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit } from '../../../test/socketStub';
import type { CampaignAnalytics } from '../api/campaigns.rest';
import {
  callsNamed,
  campaignView,
  openBroadcast,
  type RestAnswer,
  reach,
  resetBroadcast,
} from './campaignsTestKit';

vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

afterEach(resetBroadcast);

const ANALYTICS: CampaignAnalytics = {
  campaign: campaignView({
    status: 'IN_PROGRESS',
    statusLabel: 'En progreso',
    total: 120,
    sent: 90,
    failed: 6,
    lastSendAt: '2026-03-15T16:05:00.000Z',
  }),
  totals: { total: 120, pending: 24, sent: 40, delivered: 30, viewed: 20, failed: 6, check: 0 },
  failedReasons: [{ code: '131026', title: 'Message undeliverable', count: 6 }],
};

/** The results page of campaign 50, its counts answered by `analytics`. */
const openResults = (analytics: RestAnswer = { status: 200, body: ANALYTICS }) =>
  openBroadcast('/broadcast/analytics?campaignId=50', { rest: { 'POST /campaign/analitycs': analytics } });

const { createObjectURL, revokeObjectURL } = URL;
let saved: Blob[] = [];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = (blob: Blob) => {
    saved.push(blob);
    return 'blob:campana';
  };
  URL.revokeObjectURL = () => undefined;
});

afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('campaign results page', () => {
  it('titles the page with the name and creation date and shows the delivery breakdown', async () => {
    const { calls } = openResults();
    const title = await screen.findByRole('heading', { level: 3 });
    await waitFor(() => expect(title.textContent).toContain('Promoción de marzo'));
    expect(title.textContent).toMatch(/1 mar 2026/);
    expect(callsNamed(calls, 'POST /campaign/analitycs')[0]?.body).toEqual({ campaignId: 50 });

    const card = (id: string) => screen.getByTestId(id);
    expect(within(card('campaign-card-sent')).getByText('Enviados (sin recibir)')).toBeDefined();
    expect(card('campaign-card-sent').textContent).toContain('40');
    expect(within(card('campaign-card-delivered')).getByText('Entregados (sin leer)')).toBeDefined();
    expect(card('campaign-card-delivered').textContent).toContain('30');
    expect(within(card('campaign-card-viewed')).getByText('Leídos')).toBeDefined();
    expect(card('campaign-card-viewed').textContent).toContain('20');
    expect(within(card('campaign-card-failed')).getByText('Fallidos')).toBeDefined();
    expect(card('campaign-card-failed').textContent).toContain('6');
    expect(
      within(card('campaign-card-failed')).getByText('Números inválidos o que no tienen WhatsApp'),
    ).toBeDefined();
    expect(screen.getByText('Message undeliverable')).toBeDefined();
    // (90 sent + 6 failed) of 120.
    expect(screen.getByTestId('campaign-analytics-progress').textContent).toContain('80%');
  });

  it('reads the counts again when the campaign changes', async () => {
    let answer = ANALYTICS;
    const { calls } = openResults(() => ({ status: 200, body: answer }));
    await waitFor(() => expect(screen.getByTestId('campaign-card-viewed').textContent).toContain('20'));
    answer = { ...ANALYTICS, totals: { ...ANALYTICS.totals, viewed: 35, delivered: 15 } };
    emit('campaignUpdated', {
      id: 51,
      status: 'IN_PROGRESS',
      statusLabel: 'En progreso',
      total: 1,
      sent: 1,
      failed: 0,
      lastSendAt: null,
    });
    emit('campaignUpdated', {
      id: 50,
      status: 'IN_PROGRESS',
      statusLabel: 'En progreso',
      total: 120,
      sent: 100,
      failed: 6,
      lastSendAt: '2026-03-15T16:06:00.000Z',
    });
    await waitFor(() => expect(screen.getByTestId('campaign-card-viewed').textContent).toContain('35'), {
      timeout: 4000,
    });
    expect(callsNamed(calls, 'POST /campaign/analitycs')).toHaveLength(2);
  });

  it('downloads the export with the session’s token', async () => {
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    const { calls } = openResults();
    const exportButton = await screen.findByRole('button', { name: /Exportar/ });
    await waitFor(() => expect((exportButton as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(exportButton);
    await waitFor(() => expect(clicks).toEqual(['campana-50.xlsx']));
    const download = callsNamed(calls, 'GET /campaign/50/export')[0];
    expect(download?.headers.Authorization).toBe('Bearer valid');
    expect(saved).toHaveLength(1);
    click.mockRestore();
  });

  it('goes back to the table', async () => {
    openResults();
    fireEvent.click(await screen.findByRole('button', { name: /Volver a la tabla/ }));
    await reach('/broadcast/table');
  });

  it('sends a missing campaign id to the table', async () => {
    openBroadcast('/broadcast/analytics');
    await reach('/broadcast/table');
  });
});
