import { useQuery } from '@apollo/client/react';
import { offeredForCampaign } from '@crm/shared';
import { useEffect, useMemo } from 'react';
import { handleError } from '../../../lib/errors';
import { CAMPAIGN_TEMPLATES_QUERY, type CampaignTemplateRow } from '../api/campaigns.graphql';

/**
 * The accepted templates of a channel, and among them those a campaign may send (01 §2.7: none with example body
 * values).
 */
export function useCampaignTemplates(channelId: number | null): {
  templates: CampaignTemplateRow[];
  offered: CampaignTemplateRow[];
  loading: boolean;
} {
  const { data, loading, error } = useQuery(CAMPAIGN_TEMPLATES_QUERY, {
    variables: { channelId: channelId ?? 0 },
    skip: channelId === null,
  });
  useEffect(() => {
    if (error) handleError(error);
  }, [error]);
  return useMemo(() => {
    const templates = channelId === null ? [] : (data?.whatsappTemplates ?? []);
    const offered = channelId === null ? [] : templates.filter((t) => offeredForCampaign(t, channelId));
    return { templates, offered, loading };
  }, [data, channelId, loading]);
}
