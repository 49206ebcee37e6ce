import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CONTENT_SNIFF_BYTES } from '@crm/shared';

/** The stream had more bytes than allowed: it was cut there, whatever length it declared. */
export class SpoolLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`More than ${maxBytes} bytes`);
  }
}

export interface SpooledStream {
  path: string;
  size: number;
  /** The first bytes (CONTENT_SNIFF_BYTES at most), to tell the type from the content. */
  head: Uint8Array;
}

/** Counts the bytes going through, keeps the first ones, and stops the flow past the cap. */
class CappedCounter extends Transform {
  size = 0;
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      callback(new SpoolLimitError(this.maxBytes));
      return;
    }
    if (this.headLength < CONTENT_SNIFF_BYTES) {
      const part = chunk.subarray(0, CONTENT_SNIFF_BYTES - this.headLength);
      this.headChunks.push(part);
      this.headLength += part.length;
    }
    callback(null, chunk);
  }

  head(): Uint8Array {
    return new Uint8Array(Buffer.concat(this.headChunks));
  }
}

/**
 * Writes a stream to a file on disk without holding it in memory, refusing it past `maxBytes` (SpoolLimitError):
 * a provider's declared length is never trusted. The caller removes the file, whatever happened.
 */
export async function spoolStream(
  source: NodeJS.ReadableStream,
  path: string,
  maxBytes: number,
): Promise<SpooledStream> {
  await mkdir(dirname(path), { recursive: true });
  const counter = new CappedCounter(maxBytes);
  await pipeline(source, counter, createWriteStream(path, { flags: 'wx' }));
  return { path, size: counter.size, head: counter.head() };
}
