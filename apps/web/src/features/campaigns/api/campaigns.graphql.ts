import { graphql } from '../../../gql';
import type { CampaignChannelsQuery, CampaignTemplatesQuery } from '../../../gql/graphql';

/**
 * The company's channels with their stored quality and tier (the header cards show them until the provider's own
 * answer arrives); the screens keep those whose platform sends templates.
 */
export const CAMPAIGN_CHANNELS_QUERY = graphql(`
  query CampaignChannels {
    channels {
      id
      name
      platform
      isActive
      qualityRating
      currentLimit
    }
  }
`);

export type CampaignChannel = CampaignChannelsQuery['channels'][number];

/** 01 §7 whatsappTemplates where channelId and status accepted. */
export const CAMPAIGN_TEMPLATES_QUERY = graphql(`
  query CampaignTemplates($channelId: Int!) {
    whatsappTemplates(channelId: $channelId, status: "accepted") {
      id
      name
      language
      status
      category
      channelId
      components
    }
  }
`);

export type CampaignTemplateRow = CampaignTemplatesQuery['whatsappTemplates'][number];
