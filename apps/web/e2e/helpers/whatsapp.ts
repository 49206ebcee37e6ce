import { createHmac } from 'node:crypto';

// The Demo company's WhatsApp channel and the dev app secret its webhooks are signed with (apps/api seed).
export const DEMO_PHONE_NUMBER_ID = '100000000000001';
const WHATSAPP_APP_SECRET = 'dev-whatsapp-app-secret';

/**
 * Posts one Cloud API change (`contacts`, `messages`, `statuses`…) to the Demo channel, signed as Meta signs it:
 * HMAC-SHA256 of the raw body with the app secret. Throws unless the API answers 200.
 */
export async function postWhatsappWebhook(baseUrl: string, value: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
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
  const signature = `sha256=${createHmac('sha256', WHATSAPP_APP_SECRET).update(body).digest('hex')}`;
  const response = await fetch(`${baseUrl}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature },
    body,
  });
  if (response.status !== 200)
    throw new Error(`Webhook answered ${response.status}: ${await response.text()}`);
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
