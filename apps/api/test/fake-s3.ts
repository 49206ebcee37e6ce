import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  contentDisposition?: string;
}

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** Keys inside the bucket. */
  objects: Map<string, FakeS3Object>;
  requests: Array<{ method: string; key: string; signed: boolean }>;
  env: Record<string, string>;
  close(): Promise<void>;
}

const CREDENTIALS = {
  accessKeyId: 'AKIAFAKES3TEST',
  secretAccessKey: 'fake-s3-secret-key',
  region: 'mx-central-1',
};

function xmlError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

// SigV4's URI encoding: RFC 3986 unreserved characters stay, everything else is %XX (slashes kept in paths).
function uriEncode(value: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(ch) || (keepSlash && ch === '/')) out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The signature S3 expects, computed on the server's side of the wire, independently of any client's signer.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */
function expectedSignature(
  req: IncomingMessage,
  url: URL,
  signedHeaders: string[],
  payloadHash: string,
  date: string,
  skipQuery?: string,
): string {
  const query = [...url.searchParams.entries()]
    .filter(([name]) => name !== skipQuery)
    .map(([name, value]) => [uriEncode(name, false), uriEncode(value, false)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = signedHeaders
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    req.method ?? 'GET',
    uriEncode(decodeURIComponent(url.pathname), true),
    query,
    headers,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const day = date.slice(0, 8);
  const scope = `${day}/${CREDENTIALS.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${CREDENTIALS.secretAccessKey}`, day), CREDENTIALS.region), 's3'),
    'aws4_request',
  );
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
}

/** Null when the request is correctly signed (header or presigned query), else the S3 error to answer. */
function signatureError(
  req: IncomingMessage,
  url: URL,
): { status: number; code: string; message: string } | null {
  const authorization = req.headers.authorization;
  const header = authorization
    ? /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/.exec(
        authorization,
      )
    : null;
  const auth = header
    ? { credential: header[1], signedHeaders: header[2], signature: header[3] }
    : !authorization && url.searchParams.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256'
      ? {
          credential: url.searchParams.get('X-Amz-Credential') ?? '',
          signedHeaders: url.searchParams.get('X-Amz-SignedHeaders') ?? '',
          signature: url.searchParams.get('X-Amz-Signature') ?? '',
        }
      : null;
  const scope = /^([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request$/.exec(auth?.credential ?? '');
  if (!auth || !scope || scope[1] !== CREDENTIALS.accessKeyId || scope[3] !== CREDENTIALS.region)
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist',
    };
  const signedHeaders = auth.signedHeaders.split(';');
  if (!signedHeaders.includes('host'))
    return { status: 403, code: 'SignatureDoesNotMatch', message: 'host must be signed' };
  let expected: string;
  if (authorization) {
    if (!signedHeaders.includes('x-amz-content-sha256'))
      return { status: 403, code: 'SignatureDoesNotMatch', message: 'x-amz-content-sha256 must be signed' };
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    expected = expectedSignature(req, url, signedHeaders, payloadHash, String(req.headers['x-amz-date']));
  } else {
    const date = url.searchParams.get('X-Amz-Date') ?? '';
    const expires = Number(url.searchParams.get('X-Amz-Expires'));
    const signedAt = Date.parse(
      date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    if (!Number.isFinite(signedAt) || !Number.isInteger(expires) || Date.now() > signedAt + expires * 1000)
      return { status: 403, code: 'AccessDenied', message: 'Request has expired' };
    const payloadHash = url.searchParams.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    expected = expectedSignature(req, url, signedHeaders, payloadHash, date, 'X-Amz-Signature');
  }
  return expected === auth.signature
    ? null
    : { status: 403, code: 'SignatureDoesNotMatch', message: 'Signature mismatch' };
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A small S3-compatible server on 127.0.0.1 (path-style: /bucket/key) that checks SigV4 signatures (Authorization
 * header or presigned query) and payload hashes as S3 does. Like a bucket whose policy makes only the `uploads/` prefix publicly readable.
 */
export async function startFakeS3(bucket = 'crm-media'): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3['requests'] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const [, first, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const method = req.method ?? 'GET';
    if (first !== bucket || key === '')
      return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    const signed = Boolean(req.headers.authorization || url.searchParams.has('X-Amz-Signature'));
    requests.push({ method, key, signed });
    if (!signed) {
      // Anonymous reads: only the public prefix.
      if (method !== 'GET' || !key.startsWith('uploads/'))
        return xmlError(res, 403, 'AccessDenied', 'Access Denied');
    } else {
      const refused = signatureError(req, url);
      if (refused) return xmlError(res, refused.status, refused.code, refused.message);
    }
    if (method === 'PUT') {
      const body = await bodyOf(req);
      if (sha256Hex(body) !== req.headers['x-amz-content-sha256'])
        return xmlError(
          res,
          400,
          'XAmzContentSHA256Mismatch',
          'The provided x-amz-content-sha256 header does not match',
        );
      const contentDisposition = req.headers['content-disposition'];
      objects.set(key, {
        body,
        contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
        ...(contentDisposition ? { contentDisposition } : {}),
      });
      res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` });
      return res.end();
    }
    if (method === 'GET') {
      const object = objects.get(key);
      if (!object) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      res.writeHead(200, {
        'content-type': object.contentType,
        'content-length': String(object.body.length),
        ...(object.contentDisposition ? { 'content-disposition': object.contentDisposition } : {}),
      });
      return res.end(object.body);
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    objects,
    requests,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: CREDENTIALS.region,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
