import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 requests with the Authorization header.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (which are added). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body, or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
}

export const EMPTY_PAYLOAD_HASH = createHash('sha256').update('').digest('hex');

export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

// RFC 3986 unreserved characters stay; everything else is percent-encoded with upper-case hex.
export function uriEncode(value: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(ch) || (keepSlash && ch === '/')) out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** 20130524T000000Z */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams.entries()].map(
    ([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const,
  );
  pairs.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

export interface SigV4Parts {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  signedHeaders: string;
  authorization: string;
}

/** The pieces of a signature; `headers` must already hold every header that is signed. */
export function signatureParts(
  credentials: SigV4Credentials,
  method: string,
  url: URL,
  headers: Record<string, string>,
  payloadHash: string,
  date: string,
): SigV4Parts {
  const service = credentials.service ?? 's3';
  const normalized = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = normalized.map(([name]) => name).join(';');
  // The path arrives already percent-encoded by URL; decode it first so it is encoded exactly once.
  const canonicalRequest = [
    method.toUpperCase(),
    uriEncode(decodeURIComponent(url.pathname), true),
    canonicalQuery(url),
    normalized.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const day = date.slice(0, 8);
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    canonicalRequest,
    stringToSign,
    signature,
    signedHeaders,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}

/** The headers to send: the caller's, host, x-amz-date, x-amz-content-sha256 and Authorization. */
export function signRequest(
  credentials: SigV4Credentials,
  request: SigV4Request,
  now: Date = new Date(),
): Record<string, string> {
  const date = amzDate(now);
  const headers: Record<string, string> = {
    ...(request.headers ?? {}),
    host: request.url.host,
    'x-amz-date': date,
    'x-amz-content-sha256': request.payloadHash,
  };
  const parts = signatureParts(credentials, request.method, request.url, headers, request.payloadHash, date);
  return { ...headers, authorization: parts.authorization };
}
