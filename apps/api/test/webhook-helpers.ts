import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from './helpers';

export const DEMO_WA_PHONE_NUMBER_ID = '100000000000001';
export const DEV_WHATSAPP_APP_SECRET = 'dev-whatsapp-app-secret';

/** A documented WhatsApp payload, pointed at the Demo company's channel and optionally re-identified. */
export function whatsappFixture(name: string, replace: Record<string, string> = {}): string {
  let text = readFileSync(
    join(__dirname, '../src/providers/channels/whatsapp-cloud/__fixtures__', `${name}.json`),
    'utf8',
  );
  text = text.replaceAll('106540352242922', DEMO_WA_PHONE_NUMBER_ID);
  for (const [from, to] of Object.entries(replace)) text = text.replaceAll(from, to);
  return text;
}

export function metaSignature(body: string, secret = DEV_WHATSAPP_APP_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function postWhatsapp(t: TestApp, body: string, signature: string | null = metaSignature(body)) {
  const req = t.http.post('/webhooks/whatsapp').set('Content-Type', 'application/json');
  if (signature) req.set('X-Hub-Signature-256', signature);
  return req.send(body);
}
