import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * X-Twilio-Signature: base64(HMAC-SHA1(authToken, url + every POST parameter as name+value, sorted by name)).
 * https://www.twilio.com/docs/usage/security#validating-requests
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  let data = url;
  // Sorted by name; a repeated name contributes each of its values, sorted too (as Twilio's own helpers do).
  const names = [...new Set(params.keys())].sort();
  for (const name of names) {
    for (const value of params.getAll(name).sort()) data += name + value;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams,
  header: string | undefined,
): boolean {
  if (!authToken || !header) return false;
  const received = Buffer.from(header.trim(), 'utf8');
  // Twilio signs the URL as it called it; behind TLS termination the port may or may not appear in what we rebuilt.
  return urlVariants(url).some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params), 'utf8');
    return expected.length === received.length && timingSafeEqual(expected, received);
  });
}

function urlVariants(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  const withDefaultPort = `${parsed.hostname}:${parsed.protocol === 'https:' ? '443' : '80'}`;
  if (url.includes(withDefaultPort)) return [url, url.replace(withDefaultPort, parsed.hostname)];
  if (parsed.port === '') return [url, url.replace(parsed.host, withDefaultPort)];
  return [url];
}
