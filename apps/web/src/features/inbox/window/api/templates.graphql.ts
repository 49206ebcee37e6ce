import { gql, type TypedDocumentNode } from '@apollo/client';

/** 02 §3 WhatsApp template, as the composer needs it. */
export interface WhatsappTemplate {
  id: number;
  name: string;
  language: string;
  status: string;
  /** JSON: [{type: 'BODY', text}, …] as Meta describes a template. */
  components: unknown;
  /** How many {{n}} variables the body has. */
  variables: number;
}

export interface WhatsappTemplatesVariables {
  channelId: number;
  status: string;
}

export const WHATSAPP_TEMPLATES_QUERY: TypedDocumentNode<
  { whatsappTemplates: WhatsappTemplate[] },
  WhatsappTemplatesVariables
> = gql`
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
`;
