import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import type { S3Config } from '../../../config/app-config';
import { isInlineType } from '../served-file';
import type { StorageBackend, StorageSource, StoredObject } from '../storage-backend';
import { EMPTY_PAYLOAD_HASH, sha256Hex, signRequest, uriEncode } from './sigv4';

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`S3 ${status} ${code}: ${message}`);
  }
}

const TIMEOUT_MS = 60_000;

async function readAll(stream: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

// S3 error bodies: <Error><Code>NoSuchKey</Code><Message>…</Message></Error>
function errorFrom(status: number, body: string): S3Error {
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? `HTTP_${status}`;
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1] ?? body.slice(0, 200);
  return new S3Error(status, code, message);
}

function fileSha256(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, …) through signed HTTP requests (SigV4, path-style URLs).
 * The payload hash is signed too, so a body altered in transit is refused by the server.
 */
export class S3Backend implements StorageBackend {
  readonly kind = 's3' as const;

  constructor(private readonly config: S3Config) {}

  private objectUrl(key: string): URL {
    return new URL(`${this.config.endpoint}/${uriEncode(this.config.bucket, false)}/${uriEncode(key, true)}`);
  }

  private send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    payloadHash: string,
    extraHeaders: Record<string, string>,
    body?: Buffer | Readable,
  ): Promise<IncomingMessage> {
    const url = this.objectUrl(key);
    const headers = signRequest(this.config, { method, url, headers: extraHeaders, payloadHash });
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(url, { method, headers, timeout: TIMEOUT_MS }, resolve);
      req.on('timeout', () => req.destroy(new Error(`S3 ${method} ${key} timed out`)));
      req.on('error', reject);
      if (body === undefined) req.end();
      else if (Buffer.isBuffer(body)) req.end(body);
      else body.on('error', (error) => req.destroy(error)).pipe(req);
    });
  }

  async write(key: string, source: StorageSource, contentType: string): Promise<void> {
    const isBuffer = Buffer.isBuffer(source);
    const payloadHash = isBuffer ? sha256Hex(source) : await fileSha256(source.path);
    const size = isBuffer ? source.length : source.size;
    const res = await this.send(
      'PUT',
      key,
      payloadHash,
      {
        'content-type': contentType,
        'content-length': String(size),
        // Public objects are fetched straight from the bucket: what could render as a document downloads instead.
        ...(isInlineType(contentType) ? {} : { 'content-disposition': 'attachment' }),
      },
      isBuffer ? source : createReadStream(source.path),
    );
    const body = await readAll(res);
    if ((res.statusCode ?? 500) >= 300) throw errorFrom(res.statusCode ?? 500, body);
  }

  async read(key: string): Promise<StoredObject | null> {
    const res = await this.send('GET', key, EMPTY_PAYLOAD_HASH, {});
    const status = res.statusCode ?? 500;
    if (status === 404) {
      res.resume();
      return null;
    }
    if (status >= 300) throw errorFrom(status, await readAll(res));
    const length = Number(res.headers['content-length']);
    return { stream: res, size: Number.isFinite(length) ? length : null };
  }

  async remove(key: string): Promise<void> {
    const res = await this.send('DELETE', key, EMPTY_PAYLOAD_HASH, {});
    const body = await readAll(res);
    const status = res.statusCode ?? 500;
    if (status >= 300 && status !== 404) throw errorFrom(status, body);
  }

  publicUrl(key: string): string {
    return `${this.config.publicUrl}/${uriEncode(key, true)}`;
  }
}
