import { type CampaignUpdatedPayload, ERROR_CATALOGUE } from '@crm/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { handleErrorAs } from '../../../lib/errors';
import { onReconnected, subscribeRealtime } from '../../../lib/socket';
import { type CampaignView, listCampaigns } from '../api/campaigns.rest';

/** A `campaignUpdated` event applied to the list: only the row it names changes. */
export function applyCampaignUpdate(
  list: readonly CampaignView[],
  update: CampaignUpdatedPayload,
): CampaignView[] {
  return list.map((campaign) =>
    campaign.id === update.id
      ? {
          ...campaign,
          status: update.status,
          statusLabel: update.statusLabel,
          total: update.total,
          sent: update.sent,
          failed: update.failed,
          lastSendAt: update.lastSendAt,
        }
      : campaign,
  );
}

/**
 * The campaigns of a channel, newest first as the API lists them, kept live: `campaignUpdated` brings each change
 * of status and progress; after a lost connection the list is read again.
 */
export function useCampaigns(channelId: number | null) {
  const [campaigns, setCampaigns] = useState<CampaignView[]>([]);
  const [loading, setLoading] = useState(false);
  const request = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    request.current?.abort();
    if (channelId === null) {
      setCampaigns([]);
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    try {
      const list = await listCampaigns(channelId, controller.signal);
      if (!controller.signal.aborted) setCampaigns(list);
    } catch (error) {
      // 02 §8 ERROR_GETTING_CAMPAIGNS: a list that fails to load says so.
      if (!controller.signal.aborted)
        handleErrorAs(error, ERROR_CATALOGUE.ERROR_GETTING_CAMPAIGNS.userMessage);
    } finally {
      if (request.current === controller) setLoading(false);
    }
  }, [channelId]);

  useEffect(() => {
    void reload();
    return () => request.current?.abort();
  }, [reload]);

  useEffect(() => {
    const stopUpdated = subscribeRealtime('campaignUpdated', (update) => {
      setCampaigns((current) => applyCampaignUpdate(current, update));
    });
    const stopReconnected = onReconnected(() => void reload());
    return () => {
      stopUpdated();
      stopReconnected();
    };
  }, [reload]);

  /** A row the user changed (paused, resumed) takes the server's answer. */
  const replace = useCallback((campaign: CampaignView) => {
    setCampaigns((current) => current.map((item) => (item.id === campaign.id ? campaign : item)));
  }, []);

  const remove = useCallback((id: number) => {
    setCampaigns((current) => current.filter((item) => item.id !== id));
  }, []);

  return { campaigns, loading, reload, replace, remove };
}
