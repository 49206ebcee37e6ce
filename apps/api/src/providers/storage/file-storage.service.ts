import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { storedExtensionFor } from './served-file';
import {
  STORAGE_BACKEND,
  type StorageBackend,
  type StorageSource,
  type StoredObject,
} from './storage-backend';

export interface StoredFile {
  key: string;
  /** Absolute URL a provider can fetch (WhatsApp and Messenger download media from a link). */
  url: string;
}

/** app.factory serves the local public area at this path. */
export const UPLOADS_PATH = '/uploads';
const PUBLIC_PREFIX = 'uploads/';
const PRIVATE_PREFIX = 'private/';

// The extension comes from the type found in the bytes, never from the client's name: a stored name decides
// how the file is served (served-file.ts), so '.html' must not be something a caller can choose.
function randomName(contentType: string): string {
  return `${randomBytes(18).toString('base64url')}${storedExtensionFor(contentType)}`;
}

/**
 * Files of the product, on the configured backend (local disk under DATA_DIR, or S3). Two areas:
 * - public (`uploads/`): chat media and quick-answer files. Providers download them without credentials, so
 *   they are readable by anyone holding the URL, whose key is random and unguessable;
 * - private (`private/`): album files, never reachable by URL; the API streams them to signed-in users of the
 *   company (MultimediaController).
 */
@Injectable()
export class FileStorageService {
  constructor(@Inject(STORAGE_BACKEND) private readonly backend: StorageBackend) {}

  get kind(): StorageBackend['kind'] {
    return this.backend.kind;
  }

  /**
   * A public file of a type already checked on its content; its key is relative to the public area, as its URL
   * path under /uploads.
   */
  async put(content: StorageSource, contentType: string): Promise<StoredFile> {
    const month = new Date().toISOString().slice(0, 7);
    const key = `${month}/${randomName(contentType)}`;
    await this.backend.write(`${PUBLIC_PREFIX}${key}`, content, contentType);
    return { key, url: this.backend.publicUrl(`${PUBLIC_PREFIX}${key}`) };
  }

  async removePublic(key: string): Promise<void> {
    await this.backend.remove(`${PUBLIC_PREFIX}${this.checkedRelative(key)}`);
  }

  /** The key of a public file from the URL `put` answered; null for any other URL (seed data, another host). */
  publicKeyOf(url: string): string | null {
    // The backends encode each path segment; a one-character probe gives the prefix every public URL starts with.
    const base = this.backend.publicUrl(`${PUBLIC_PREFIX}_`).slice(0, -1);
    if (!url.startsWith(base)) return null;
    try {
      const key = url.slice(base.length).split('/').map(decodeURIComponent).join('/');
      return this.checkedRelative(key);
    } catch {
      return null;
    }
  }

  /**
   * Removes a replaced public file (a user's or a space's old picture) by its URL. Best effort: the row no longer
   * points at it, so a failure only leaves an unused file, and a URL that is not ours is left alone.
   */
  async removePublicUrl(url: string | null | undefined): Promise<void> {
    const key = url ? this.publicKeyOf(url) : null;
    if (key) await this.removePublic(key).catch(() => undefined);
  }

  /** A private file under `folder` (e.g. `albums/12`); answers its full key. */
  async putPrivate(content: StorageSource, contentType: string, folder: string): Promise<string> {
    const key = `${PRIVATE_PREFIX}${this.checkedRelative(folder)}/${randomName(contentType)}`;
    await this.backend.write(key, content, contentType);
    return key;
  }

  async readPrivate(key: string): Promise<StoredObject | null> {
    return this.backend.read(this.checkedPrivate(key));
  }

  async removePrivate(key: string): Promise<void> {
    await this.backend.remove(this.checkedPrivate(key));
  }

  private checkedPrivate(key: string): string {
    if (!key.startsWith(PRIVATE_PREFIX)) throw new Error(`Not a private storage key: ${key}`);
    return `${PRIVATE_PREFIX}${this.checkedRelative(key.slice(PRIVATE_PREFIX.length))}`;
  }

  private checkedRelative(path: string): string {
    if (path.split('/').some((part) => part === '' || part === '.' || part === '..')) {
      throw new Error(`Invalid storage path: ${path}`);
    }
    return path;
  }
}
