import { resolveContentType, SPACE_IMAGE_MIME_TYPES, validateUploads } from '@crm/shared';
import { AppException } from '../../common/errors/app.exception';
import type { FileStorageService } from './file-storage.service';
import { readHead, type SpooledFile } from './spooled-upload.interceptor';

/**
 * A space image or a user photo: 01 §5 image rules (jpg, jpeg, png) checked on the content itself (a 400 on
 * `file` otherwise). Answers the type the content shows.
 */
export async function checkPublicImage(upload: SpooledFile): Promise<string> {
  const type = resolveContentType(
    upload.originalname,
    await readHead(upload.path),
    upload.size,
    SPACE_IMAGE_MIME_TYPES,
  );
  if (!type.ok) throw AppException.validation('file', type.error);
  const check = validateUploads(
    [{ name: upload.originalname, type: type.rule.mimeType, size: upload.size }],
    { accept: SPACE_IMAGE_MIME_TYPES },
  );
  if (check.rejected.length > 0) throw AppException.validation('file', check.rejected[0].error);
  return type.rule.mimeType;
}

/** Checks the image (checkPublicImage), then stores it public: the top bar and the team list show it by URL. */
export async function storePublicImage(storage: FileStorageService, upload: SpooledFile): Promise<string> {
  const mimeType = await checkPublicImage(upload);
  const stored = await storage.put({ path: upload.path, size: upload.size }, upload.originalname, mimeType);
  return stored.url;
}
