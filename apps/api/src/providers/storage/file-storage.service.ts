import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

export interface StoredFile {
  key: string;
  /** Absolute URL a provider can fetch (WhatsApp and Messenger download media from a link). */
  url: string;
}

export const UPLOADS_PATH = '/uploads';

/**
 * Local-disk storage under DATA_DIR/uploads (ARCHITECTURE rule 8), served at /uploads. Keys are random and
 * unguessable because providers fetch the files without credentials.
 */
@Injectable()
export class FileStorageService {
  readonly root: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.root = join(config.dataDir, 'uploads');
  }

  async put(content: Buffer, originalName: string): Promise<StoredFile> {
    const month = new Date().toISOString().slice(0, 7);
    const extension = extname(originalName)
      .toLowerCase()
      .replace(/[^.a-z0-9]/g, '')
      .slice(0, 10);
    const key = `${month}/${randomBytes(18).toString('base64url')}${extension}`;
    await mkdir(join(this.root, month), { recursive: true });
    await writeFile(join(this.root, key), content, { flag: 'wx' });
    return { key, url: `${this.config.appUrl}${UPLOADS_PATH}/${key}` };
  }
}
