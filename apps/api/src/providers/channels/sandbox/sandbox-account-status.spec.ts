import { describe, expect, it } from 'vitest';
import type { ChannelCredentials } from '../channel-provider';
import { SandboxAdapter } from './sandbox.adapter';
import { sandboxAccountStatus } from './sandbox-account-status';

function adapter(accountStatus?: ConstructorParameters<typeof SandboxAdapter>[0]['accountStatus']) {
  return new SandboxAdapter({ schedule: async () => {}, delayMs: 100, templateDelayMs: 1000, accountStatus });
}

function channel(providerId: string): ChannelCredentials {
  return { platform: 'sandbox', providerId, accessToken: '' };
}

describe('SandboxAdapter.accountStatus', () => {
  it('reports a healthy 1K-tier number by default, so the campaign cards have something to show', async () => {
    expect(await adapter().accountStatus(channel('sandbox-demo'))).toEqual({
      tier: 'TIER_1K',
      quality: 'HIGH',
      messagesPerSecond: 80,
    });
  });

  it.each([
    ['sandbox-c1-quality-medium', { tier: 'TIER_1K', quality: 'MEDIUM', messagesPerSecond: 80 }],
    ['sandbox-c2-quality-low-7', { tier: 'TIER_1K', quality: 'LOW', messagesPerSecond: 80 }],
    ['sandbox-quality-na', { tier: 'TIER_1K', quality: 'NA', messagesPerSecond: 80 }],
    ['sandbox-tier-250-quality-medium', { tier: 'TIER_250', quality: 'MEDIUM', messagesPerSecond: 80 }],
    ['sandbox_tier-unlimited_mps-5', { tier: 'TIER_UNLIMITED', quality: 'HIGH', messagesPerSecond: 5 }],
    ['SANDBOX-TIER-10K', { tier: 'TIER_10K', quality: 'HIGH', messagesPerSecond: 80 }],
  ])('applies the marks of providerId %s', async (providerId, expected) => {
    expect(await adapter().accountStatus(channel(providerId))).toEqual(expected);
  });

  it('ignores look-alikes that are not whole marks', async () => {
    const status = await adapter().accountStatus(channel('sandbox-highquality-lowest-tier-3k-xmps-9'));
    expect(status).toEqual({ tier: 'TIER_1K', quality: 'HIGH', messagesPerSecond: 80 });
  });

  it("starts from the adapter's configured status when one is given", async () => {
    const configured = adapter({ tier: 'TIER_250', quality: 'MEDIUM', messagesPerSecond: null });
    expect(await configured.accountStatus(channel('sandbox-1'))).toEqual({
      tier: 'TIER_250',
      quality: 'MEDIUM',
      messagesPerSecond: null,
    });
    expect(await configured.accountStatus(channel('sandbox-1-quality-low'))).toMatchObject({
      quality: 'LOW',
    });
  });

  it('returns a fresh object each time, never the shared default', () => {
    const first = sandboxAccountStatus('sandbox-1');
    first.quality = 'LOW';
    expect(sandboxAccountStatus('sandbox-1').quality).toBe('HIGH');
  });
});
