import { type MediaTypeRule, resolveContentType, validateUploads } from '@crm/shared';
import { AppException } from '../../common/errors/app.exception';
import { readHead, type SpooledFile } from './spooled-upload.interceptor';

/**
 * 01 §5 / 02 §5 upload rules on a spooled file's bytes, not on the part's declared type: the content and the
 * name must agree on one accepted type, then the size caps of that type apply. A 400 on `field` otherwise.
 */
export async function checkUploadContent(
  upload: SpooledFile,
  accept: readonly string[],
  field = 'file',
): Promise<MediaTypeRule> {
  const type = resolveContentType(upload.originalname, await readHead(upload.path), upload.size, accept);
  if (!type.ok) throw AppException.validation(field, type.error);
  const check = validateUploads(
    [{ name: upload.originalname, type: type.rule.mimeType, size: upload.size }],
    {
      accept,
    },
  );
  const rejection = check.rejected[0];
  if (rejection) throw AppException.validation(field, rejection.error);
  return type.rule;
}
