import { resolveContentType, SPACE_IMAGE_MIME_TYPES, validateUploads } from '@crm/shared';
import { AppException } from '../../common/errors/app.exception';
import type { FileStorageService } from './file-storage.service';
import { readHead, type SpooledFile } from './spooled-upload.interceptor';

/**
 * A space image or a user photo: 01 §5 image rules (jpg, jpeg, png) checked on the content itself, stored
 * public because the top bar and the team list show it by URL. Returns its URL.
 */
export async function storePublicImage(storage: FileStorageService, upload: SpooledFile): Promise<string> {
  const type = resolveContentType(
    upload.originalname,
    await readHead(upload.path),
    upload.size,
    SPACE_IMAGE_MIME_TYPES,
  );
  if (!type.ok) throw AppException.validation('file', type.error);
  const check = validateUploads(
    [{ name: upload.originalname, type: type.rule.mimeType, size: upload.size }],
    {
      accept: SPACE_IMAGE_MIME_TYPES,
    },
  );
  if (check.rejected.length > 0) throw AppException.validation('file', check.rejected[0].error);
  const stored = await storage.put(
    { path: upload.path, size: upload.size },
    upload.originalname,
    type.rule.mimeType,
  );
  return stored.url;
}
