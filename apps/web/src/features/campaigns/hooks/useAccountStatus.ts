import { dailyLimitFromTier } from '@crm/shared';
import { useEffect, useState } from 'react';
import type { CampaignChannel } from '../api/campaigns.graphql';
import { type AccountStatus, getAccountStatus } from '../api/campaigns.rest';
import { dailyLimitOf } from '../campaignDraft';
import { useCampaignTemplates } from './useCampaignTemplates';

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
  const { providerId, loading: loadingTemplates } = useCampaignTemplates(channel?.id ?? null);
  // The answer for one providerId; a null status when the provider could not be asked.
  const [answer, setAnswer] = useState<{ providerId: string; status: AccountStatus | null } | null>(null);

  useEffect(() => {
    if (!providerId) return;
    const controller = new AbortController();
    getAccountStatus(providerId, controller.signal)
      .then((status) => {
        if (!controller.signal.aborted) setAnswer({ providerId, status });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The stored rating stays on screen; a session error has already ended the session in lib/http.
        console.warn('get360Status failed', error);
        setAnswer({ providerId, status: null });
      });
    return () => controller.abort();
  }, [providerId]);

  const current = answer && answer.providerId === providerId ? answer : null;
  const asking = providerId !== null && current === null;
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
    loading: loadingTemplates || asking,
  };
}
