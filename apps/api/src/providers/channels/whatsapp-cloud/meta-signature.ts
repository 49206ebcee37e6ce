import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta's webhook signature, used by WhatsApp Cloud and Messenger alike: `X-Hub-Signature-256: sha256=<hex>`, the
 * HMAC-SHA256 of the exact raw body keyed with the app secret.
 * https://developers.facebook.com/docs/graph-api/webhooks/getting-started#event-notifications
 */
export function verifyMetaSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header || !appSecret) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const received = Buffer.from(match[1], 'hex');
  // Both are 32 bytes here (the regex fixes the length), which timingSafeEqual requires.
  return timingSafeEqual(expected, received);
}

/** The header value Meta would send for this body: for tests and fake providers. */
export function signMetaBody(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Meta's subscription check: the challenge to echo when the request carries our verify token, else null. */
export function answerMetaSubscription(
  check: { mode?: string; token?: string; challenge?: string },
  verifyToken: string,
): string | null {
  if (!verifyToken || check.mode !== 'subscribe' || check.token !== verifyToken || !check.challenge)
    return null;
  return check.challenge;
}
