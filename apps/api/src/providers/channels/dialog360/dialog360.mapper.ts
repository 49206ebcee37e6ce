import type { WebhookEvent } from '../channel-provider';
import { parseWhatsappWebhook } from '../whatsapp-cloud/whatsapp-cloud.mapper';
import type { WaChangeValue } from '../whatsapp-cloud/whatsapp-cloud.types';

// Outbound bodies are the Cloud API's: 360dialog forwards them to Meta untouched.
export { toWhatsappMessage as toDialog360Message } from '../whatsapp-cloud/whatsapp-cloud.mapper';

/**
 * Our 360dialog channels are keyed by their phone number (Channel.providerId, "360dialog number"), which is what
 * the API key is issued for; phone_number_id is only a fallback for a payload without the display number.
 */
export function dialog360ChannelId(metadata: WaChangeValue['metadata']): string {
  const digits = (metadata.display_phone_number ?? '').replace(/\D/g, '');
  return digits || metadata.phone_number_id;
}

/** 360dialog forwards Meta's `whatsapp_business_account` notifications as they are. */
export function parseDialog360Webhook(rawBody: Buffer): WebhookEvent[] {
  return parseWhatsappWebhook(rawBody, { channelIdOf: dialog360ChannelId });
}
