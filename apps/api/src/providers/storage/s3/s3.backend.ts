import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../../config/app-config';
import { isInlineType } from '../served-file';
import type { StorageBackend, StorageSource, StoredObject } from '../storage-backend';

/** A failed bucket call, with the operation and key it was about: `S3 PUT private/x failed: 403 AccessDenied: …`. */
export class S3Error extends Error {
  constructor(
    readonly operation: 'PUT' | 'GET' | 'DELETE',
    readonly key: string,
    /** The HTTP status, or null when no answer came (connection refused, timeout). */
    readonly status: number | null,
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`S3 ${operation} ${key} failed: ${status ?? 'no response'} ${code}: ${message}`, options);
  }
}

function statusOf(error: unknown): number | null {
  return error instanceof S3ServiceException ? (error.$metadata.httpStatusCode ?? null) : null;
}

function s3ErrorFrom(operation: S3Error['operation'], key: string, error: unknown): S3Error {
  if (error instanceof S3ServiceException)
    return new S3Error(operation, key, statusOf(error), error.name, error.message, { cause: error });
  const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? name;
  return new S3Error(operation, key, null, code, message, { cause: error });
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

// RFC 3986: everything but unreserved characters is percent-encoded, slashes kept between path segments.
function encodeKey(key: string): string {
  return key
    .split('/')
    .map((part) =>
      encodeURIComponent(part).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');
}

/** The SDK client for an S3-compatible bucket, with nothing taken from the machine's AWS setup. */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    // MinIO, R2 and others serve https://endpoint/bucket/key; virtual hosts need per-bucket DNS.
    forcePathStyle: true,
    region: config.region,
    // Explicit credentials and region: the default chains would read ~/.aws and may ask the EC2 metadata service.
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Also fixed here rather than read from AWS_* variables: dual-stack or FIPS would reject a custom endpoint.
    useDualstackEndpoint: false,
    useFipsEndpoint: false,
    defaultsMode: 'standard',
    maxAttempts: 3,
    // Since 3.729 the SDK adds CRC32 checksums (aws-chunked trailers for streams) to every upload, which several
    // S3-compatible services refuse; the SigV4 payload hash already protects the body.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 10_000, socketTimeout: 60_000 },
  });
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, …) through the AWS SDK (path-style URLs, SigV4).
 * The payload hash is signed too, files on disk included, so a body altered in transit is refused by the server.
 */
export class S3Backend implements StorageBackend {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    client?: S3Client,
  ) {
    this.client = client ?? createS3Client(config);
  }

  async write(key: string, source: StorageSource, contentType: string): Promise<void> {
    const isBuffer = Buffer.isBuffer(source);
    const command = new PutObjectCommand({
      Bucket: this.config.bucket,
      Key: key,
      // A file on disk is streamed, never read into memory; the SDK hashes a Buffer body itself.
      Body: isBuffer ? source : createReadStream(source.path),
      ContentLength: isBuffer ? source.length : source.size,
      ContentType: contentType,
      // Public objects are fetched straight from the bucket: what could render as a document downloads instead.
      ContentDisposition: isInlineType(contentType) ? undefined : 'attachment',
    });
    if (!isBuffer) {
      // For a stream the SDK would sign UNSIGNED-PAYLOAD; a precomputed x-amz-content-sha256 is signed instead.
      const payloadHash = await fileSha256(source.path);
      command.middlewareStack.add(
        (next) => (args) => {
          (args.request as { headers: Record<string, string> }).headers['x-amz-content-sha256'] = payloadHash;
          return next(args);
        },
        { step: 'build', name: 'signedFilePayloadHash' },
      );
    }
    try {
      await this.client.send(command);
    } catch (error) {
      throw s3ErrorFrom('PUT', key, error);
    }
  }

  async read(key: string): Promise<StoredObject | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error('the response has no body stream');
      return { stream: object.Body, size: object.ContentLength ?? null };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw s3ErrorFrom('GET', key, error);
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible services answer 404.
      if (statusOf(error) !== 404) throw s3ErrorFrom('DELETE', key, error);
    }
  }

  publicUrl(key: string): string {
    return `${this.config.publicUrl}/${encodeKey(key)}`;
  }

  /** A time-limited GET link to any key (private ones included), signed in its query string. */
  signedUrl(key: string, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.config.bucket, Key: key }), {
      expiresIn: expiresInSeconds,
    });
  }
}
