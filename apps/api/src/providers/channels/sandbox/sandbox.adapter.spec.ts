import { describe, expect, it } from 'vitest';
import type { ChannelCredentials, OutboundContent, WebhookEvent } from '../channel-provider';
import { SandboxAdapter } from './sandbox.adapter';

const channel: ChannelCredentials = { platform: 'sandbox', providerId: 'sandbox-1', accessToken: '' };

function adapterWithSchedule() {
  const scheduled: Array<{ events: WebhookEvent[]; delayMs: number }> = [];
  const adapter = new SandboxAdapter({
    schedule: async (events, delayMs) => {
      scheduled.push({ events, delayMs });
    },
    delayMs: 100,
    templateDelayMs: 1000,
  });
  return { adapter, scheduled };
}

const menu: OutboundContent = {
  type: 'interactive',
  interactive: {
    kind: 'buttons',
    body: '¿En qué te ayudamos?',
    buttons: [{ id: 'opt-ventas', title: 'Ventas' }],
  },
};

describe('SandboxAdapter.send', () => {
  it("accepts a bot's interactive menu like any message, then reports it delivered and read", async () => {
    const { adapter, scheduled } = adapterWithSchedule();
    const { providerMessageId } = await adapter.send(channel, { to: '5215512345678', content: menu });
    expect(providerMessageId).toMatch(/^sandbox\./);
    expect(
      scheduled.map(({ events, delayMs }) => [events[0]?.kind === 'status' && events[0].status, delayMs]),
    ).toEqual([
      ['delivered', 100],
      ['viewed', 200],
    ]);
  });

  it('refuses a text or a menu containing #fallo like a provider error, and schedules nothing', async () => {
    const { adapter, scheduled } = adapterWithSchedule();
    await expect(
      adapter.send(channel, { to: '1', content: { type: 'text', text: 'Prueba #FALLO' } }),
    ).rejects.toMatchObject({ code: 'SEND_MESSAGE_ERROR', retryable: false });
    await expect(
      adapter.send(channel, {
        to: '1',
        content: { ...menu, interactive: { kind: 'list', body: 'x #fallo', button: 'Ver', rows: [] } },
      }),
    ).rejects.toMatchObject({ code: 'SEND_MESSAGE_ERROR' });
    expect(scheduled).toEqual([]);
  });
});
