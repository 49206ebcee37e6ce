import type { AccountStatus } from '../channel-provider';

/**
 * What a sandbox number reports as its sending state: a healthy WhatsApp number (1,000 customers a day, high
 * quality, Meta's default 80 messages a second), so the campaigns screen shows its limit and quality cards.
 */
export const SANDBOX_ACCOUNT_STATUS: Readonly<AccountStatus> = {
  tier: 'TIER_1K',
  quality: 'HIGH',
  messagesPerSecond: 80,
};

/*
 * A sandbox channel has no provider account to ask and no settings of its own: its only configuration is its
 * providerId, which whoever creates the channel chooses. Marks in it override the default per channel, so a test
 * or a demo can show a number at risk: `quality-<high|medium|low|na>`, `tier-<50|250|1k|2k|10k|100k|unlimited>` and
 * `mps-<n>`, each between separators, e.g. `sandbox-campaigns-quality-low-7` or `sandbox-tier-250-quality-medium`.
 */
const QUALITY_MARK = /(?:^|[^a-z0-9])quality-(high|medium|low|na)(?![a-z0-9])/i;
const TIER_MARK = /(?:^|[^a-z0-9])tier-(50|250|1k|2k|10k|100k|unlimited)(?![a-z0-9])/i;
const MPS_MARK = /(?:^|[^a-z0-9])mps-(\d{1,5})(?![a-z0-9])/i;

/** The sending state of the sandbox channel `providerId`: `base`, with the marks its providerId carries applied. */
export function sandboxAccountStatus(
  providerId: string,
  base: Readonly<AccountStatus> = SANDBOX_ACCOUNT_STATUS,
): AccountStatus {
  const quality = QUALITY_MARK.exec(providerId)?.[1];
  const tier = TIER_MARK.exec(providerId)?.[1];
  const mps = MPS_MARK.exec(providerId)?.[1];
  return {
    tier: tier ? `TIER_${tier.toUpperCase()}` : base.tier,
    quality: quality ? (quality.toUpperCase() as AccountStatus['quality']) : base.quality,
    messagesPerSecond: mps ? Number(mps) : base.messagesPerSecond,
  };
}
