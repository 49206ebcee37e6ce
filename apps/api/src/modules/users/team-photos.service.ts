import { Injectable } from '@nestjs/common';
import { FileStorageService, type StoredFile } from '../../providers/storage/file-storage.service';
import { checkPublicImage } from '../../providers/storage/public-image';
import type { SpooledFile } from '../../providers/storage/spooled-upload.interceptor';

/** A photo whose content passed the 01 §5 image rules, not stored yet. */
export interface CheckedPhoto {
  upload: SpooledFile;
  mimeType: string;
}

/** The team users' photos: checked before anything is written, stored last, removed when no longer used. */
@Injectable()
export class TeamPhotosService {
  constructor(private readonly storage: FileStorageService) {}

  /** The uploaded user photo, checked against 01 §5 image rules (jpg, jpeg, png) on its content; stored later. */
  async check(upload: SpooledFile | null): Promise<CheckedPhoto | null> {
    if (!upload) return null;
    return { upload, mimeType: await checkPublicImage(upload) };
  }

  /**
   * Runs `write` with a function that stores the checked photo and answers its URL (null without a photo); when
   * `write` fails after storing it, the file is removed, so a refused user leaves nothing on disk.
   */
  async withPhoto<T>(
    photo: CheckedPhoto | null,
    write: (storePhoto: () => Promise<string | null>) => Promise<T>,
  ): Promise<T> {
    let stored: StoredFile | null = null;
    const storePhoto = async (): Promise<string | null> => {
      if (!photo) return null;
      stored = await this.storage.put({ path: photo.upload.path, size: photo.upload.size }, photo.mimeType);
      return stored.url;
    };
    try {
      return await write(storePhoto);
    } catch (error) {
      const orphan = stored as StoredFile | null;
      if (orphan) await this.storage.removePublic(orphan.key).catch(() => undefined);
      throw error;
    }
  }

  /** A photo no user shows any longer (replaced, removed, or its user deleted). */
  remove(url: string | null): Promise<void> {
    return this.storage.removePublicUrl(url);
  }
}
