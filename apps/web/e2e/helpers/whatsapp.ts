import { createHmac } from 'node:crypto';

// The Demo company's WhatsApp channel and the dev app secret its webhooks are signed with (apps/api seed).
export const DEMO_PHONE_NUMBER_ID = '100000000000001';
/** Its WhatsApp Business Account, as the fake Graph API's GET /debug_token answers it (e2e/global-setup.ts). */
export const DEMO_WABA_ID = '102290129340398';
const WHATSAPP_APP_SECRET = 'dev-whatsapp-app-secret';

async function postSigned(baseUrl: string, body: string): Promise<void> {
  const signature = `sha256=${createHmac('sha256', WHATSAPP_APP_SECRET).update(body).digest('hex')}`;
  const response = await fetch(`${baseUrl}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature },
    body,
  });
  if (response.status !== 200)
    throw new Error(`Webhook answered ${response.status}: ${await response.text()}`);
}

/**
 * A `message_template_status_update` of the Demo account (as in the API's __fixtures__/template-status-update.json),
 * signed like every Cloud API webhook.
 */
export async function postTemplateStatus(
  baseUrl: string,
  update: { id: string | number; name: string; language: string; event: string; reason?: string },
): Promise<void> {
  await postSigned(
    baseUrl,
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: DEMO_WABA_ID,
          // Rounded up: the update happened after the template was stored, never a second before it.
          time: Math.ceil(Date.now() / 1000),
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event: update.event,
                message_template_id: update.id,
                message_template_name: update.name,
                message_template_language: update.language,
                reason: update.reason ?? 'NONE',
              },
            },
          ],
        },
      ],
    }),
  );
}

/**
 * Posts one Cloud API change (`contacts`, `messages`, `statuses`…) to the Demo channel, signed as Meta signs it:
 * HMAC-SHA256 of the raw body with the app secret. Throws unless the API answers 200.
 */
export async function postWhatsappWebhook(baseUrl: string, value: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: DEMO_WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '5215500000001', phone_number_id: DEMO_PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  });
  await postSigned(baseUrl, body);
}

let sent = 0;

/**
 * A customer's text on the Demo channel (as in the API's __fixtures__/message-text.json), sent `secondsAgo`
 * before now; each call has a message id of its own, so none is taken for a redelivery.
 */
export async function postCustomerText(
  baseUrl: string,
  customer: { phone: string; name: string },
  text: string,
  secondsAgo = 0,
): Promise<void> {
  sent += 1;
  await postWhatsappWebhook(baseUrl, {
    contacts: [{ profile: { name: customer.name }, wa_id: customer.phone }],
    messages: [
      {
        from: customer.phone,
        id: `wamid.E2E${customer.phone}.${Date.now()}.${sent}`,
        timestamp: String(Math.floor(Date.now() / 1000) - secondsAgo),
        type: 'text',
        text: { body: text },
      },
    ],
  });
}
