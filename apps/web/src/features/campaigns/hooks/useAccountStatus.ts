import { dailyLimitFromTier } from '@crm/shared';
import { useEffect, useState } from 'react';
import type { CampaignChannel } from '../api/campaigns.graphql';
import { type AccountStatus, getAccountStatus } from '../api/campaigns.rest';
import { dailyLimitOf } from '../campaignDraft';

/** The number's account status as the header cards, the quality modal and the daily-limit dialog read it. */
export interface AccountState {
  /** HIGH, MEDIUM, LOW or NA. */
  rating: string;
  /** The messaging tier (TIER_1K…), null when unknown. */
  tier: string | null;
  /** Messages a day; Infinity when unlimited. */
  dailyLimit: number;
  loading: boolean;
}

const NO_CHANNEL: AccountState = {
  rating: 'NA',
  tier: null,
  dailyLimit: dailyLimitFromTier(null),
  loading: false,
};

/**
 * The provider's answer (GET /broadcast/get360Status) for the channel's number; until it arrives, or when it cannot
 * be had, what the channel stored at its last sync.
 */
export function useAccountStatus(channel: CampaignChannel | null): AccountState {
  const channelId = channel?.id ?? null;
  // The answer for one channel; a null status when the provider could not be asked.
  const [answer, setAnswer] = useState<{ channelId: number; status: AccountStatus | null } | null>(null);

  useEffect(() => {
    if (channelId === null) return;
    const controller = new AbortController();
    getAccountStatus(channelId, controller.signal)
      .then((status) => {
        if (!controller.signal.aborted) setAnswer({ channelId, status });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The stored rating stays on screen; a session error has already ended the session in lib/http.
        console.warn('get360Status failed', error);
        setAnswer({ channelId, status: null });
      });
    return () => controller.abort();
  }, [channelId]);

  const current = answer && answer.channelId === channelId ? answer : null;
  if (!channel) return NO_CHANNEL;
  const status = current?.status ?? null;
  if (status) {
    return {
      rating: status.current_quality_rating ?? 'NA',
      tier: status.current_limit,
      dailyLimit: dailyLimitOf(status),
      loading: false,
    };
  }
  return {
    rating: channel.qualityRating || 'NA',
    tier: channel.currentLimit,
    dailyLimit: dailyLimitFromTier(channel.currentLimit),
    loading: current === null,
  };
}
