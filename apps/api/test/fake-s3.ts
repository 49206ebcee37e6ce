import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signatureParts } from '../src/providers/storage/s3/sigv4';

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
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

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A small S3-compatible server on 127.0.0.1 (path-style: /bucket/key) that checks SigV4 signatures and payload
 * hashes as S3 does. Like a bucket whose policy makes only the `uploads/` prefix publicly readable.
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
    const authorization = req.headers.authorization;
    requests.push({ method, key, signed: Boolean(authorization) });
    if (!authorization) {
      // Anonymous reads: only the public prefix.
      if (method !== 'GET' || !key.startsWith('uploads/'))
        return xmlError(res, 403, 'AccessDenied', 'Access Denied');
    } else {
      const match =
        /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
          authorization,
        );
      if (!match || match[1] !== CREDENTIALS.accessKeyId || match[3] !== CREDENTIALS.region)
        return xmlError(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist');
      const signedHeaders = match[4].split(';');
      if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-content-sha256'))
        return xmlError(res, 403, 'SignatureDoesNotMatch', 'host and x-amz-content-sha256 must be signed');
      const headers: Record<string, string> = {};
      for (const name of signedHeaders) headers[name] = String(req.headers[name] ?? '');
      const payloadHash = String(req.headers['x-amz-content-sha256']);
      const date = String(req.headers['x-amz-date']);
      const expected = signatureParts(CREDENTIALS, method, url, headers, payloadHash, date).signature;
      if (expected !== match[5]) return xmlError(res, 403, 'SignatureDoesNotMatch', 'Signature mismatch');
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
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
      res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` });
      return res.end();
    }
    if (method === 'GET') {
      const object = objects.get(key);
      if (!object) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      res.writeHead(200, {
        'content-type': object.contentType,
        'content-length': String(object.body.length),
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
