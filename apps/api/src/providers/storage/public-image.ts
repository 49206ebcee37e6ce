import { SPACE_IMAGE_MIME_TYPES } from '@crm/shared';
import type { FileStorageService } from './file-storage.service';
import type { SpooledFile } from './spooled-upload.interceptor';
import { checkUploadContent } from './upload-check';

/**
 * A space image or a user photo: 01 §5 image rules (jpg, jpeg, png) checked on the content itself (a 400 on
 * `file` otherwise). Answers the type the content shows.
 */
export async function checkPublicImage(upload: SpooledFile): Promise<string> {
  return (await checkUploadContent(upload, SPACE_IMAGE_MIME_TYPES)).mimeType;
}

/** Checks the image (checkPublicImage), then stores it public: the top bar and the team list show it by URL. */
export async function storePublicImage(storage: FileStorageService, upload: SpooledFile): Promise<string> {
  const mimeType = await checkPublicImage(upload);
  const stored = await storage.put({ path: upload.path, size: upload.size }, mimeType);
  return stored.url;
}
