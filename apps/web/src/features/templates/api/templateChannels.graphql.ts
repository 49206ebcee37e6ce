import { graphql } from '../../../gql';
import type { TemplateChannelsQuery } from '../../../gql/graphql';

export type TemplateChannel = TemplateChannelsQuery['channels'][number];

/** The company's channels; the screens keep those whose platform sends templates (platforms table). */
export const TEMPLATE_CHANNELS_QUERY = graphql(`
  query TemplateChannels {
    channels {
      id
      name
      platform
      isActive
    }
  }
`);
