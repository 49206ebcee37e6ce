import { type WebhookEvent, WebhookParseError } from '../channel-provider';
import { isRecord } from '../http-client';
import { parseWhatsappPayload } from '../whatsapp-cloud/whatsapp-cloud.mapper';
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

/**
 * 360dialog forwards Meta's `whatsapp_business_account` notifications as they are. `channelHint` is the number the
 * webhook URL names (/webhooks/360dialog/<number>), for payloads that name none.
 */
export function parseDialog360Webhook(rawBody: Buffer, channelHint?: string): WebhookEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookParseError('360dialog webhook body is not JSON');
  }
  return parseWhatsappPayload(asCloudNotification(json), { channelIdOf: dialog360ChannelId, channelHint });
}

/**
 * Numbers still on 360dialog's On-Premise API post `{ contacts, messages | statuses }` without Meta's envelope
 * and without naming the number: read as one Cloud API change of the channel the URL names. Their message and
 * status objects have the Cloud API's shape.
 */
function asCloudNotification(json: unknown): unknown {
  if (!isRecord(json) || json.object !== undefined) return json;
  if (!Array.isArray(json.messages) && !Array.isArray(json.statuses)) return json;
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: '', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', ...json } }] }],
  };
}
