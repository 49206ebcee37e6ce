import type { Readable } from 'node:stream';

/** The bytes to store: in memory, or a file on disk (large uploads are spooled by multer, never buffered). */
export type StorageSource = Buffer | { path: string; size: number };

export interface StoredObject {
  stream: Readable;
  size: number | null;
}

/**
 * Where files live (ARCHITECTURE rule 8): local disk by default, an S3-compatible bucket when configured.
 * Keys are relative paths; keys under `uploads/` are public (see FileStorageService), the rest are not.
 */
export interface StorageBackend {
  readonly kind: 'local' | 's3';
  write(key: string, source: StorageSource, contentType: string): Promise<void>;
  /** Null when the object does not exist. */
  read(key: string): Promise<StoredObject | null>;
  /** Removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** The absolute URL of a public key, fetchable without credentials. */
  publicUrl(key: string): string;
  /** A time-limited download link to any key, where the backend can sign one (S3); not on local disk. */
  signedUrl?(key: string, expiresInSeconds: number): Promise<string>;
}

export const STORAGE_BACKEND = Symbol('STORAGE_BACKEND');
