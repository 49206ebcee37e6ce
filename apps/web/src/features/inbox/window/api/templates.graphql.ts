import { graphql } from '../../../../gql';
import type { WindowWhatsappTemplatesQuery } from '../../../../gql/graphql';

/**
 * 02 §3 WhatsApp template, as the composer needs it: `components` is JSON ([{type: 'BODY', text}, …] as Meta
 * describes a template), `variables` how many {{n}} variables the body has.
 */
export type WhatsappTemplate = WindowWhatsappTemplatesQuery['whatsappTemplates'][number];

export const WHATSAPP_TEMPLATES_QUERY = graphql(`
  query WindowWhatsappTemplates($channelId: Int!, $status: String) {
    whatsappTemplates(channelId: $channelId, status: $status) {
      id
      name
      language
      status
      components
      variables
    }
  }
`);
