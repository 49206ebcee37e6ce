import { useQuery } from '@apollo/client/react';
import { sendsTemplates } from '@crm/shared';
import { useEffect, useMemo } from 'react';
import { handleError } from '../../../lib/errors';
import { CAMPAIGN_CHANNELS_QUERY, type CampaignChannel } from '../api/campaigns.graphql';

/** The company's WhatsApp channels that send templates (the shared platforms table decides): campaigns go out on them. */
export function useCampaignChannels(): { channels: CampaignChannel[]; loading: boolean } {
  const { data, loading, error } = useQuery(CAMPAIGN_CHANNELS_QUERY);
  useEffect(() => {
    if (error) handleError(error);
  }, [error]);
  const channels = useMemo(
    () => (data?.channels ?? []).filter((channel) => sendsTemplates(channel.platform)),
    [data],
  );
  return { channels, loading };
}
