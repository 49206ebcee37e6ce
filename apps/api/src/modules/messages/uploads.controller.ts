import { CHAT_UPLOAD_MIME_TYPES, UPLOAD_MESSAGES } from '@crm/shared';
import { Controller, HttpCode, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { ApiMultipart, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { FileStorageService } from '../../providers/storage/file-storage.service';
import { SpooledUploadInterceptor, spooledFiles } from '../../providers/storage/spooled-upload.interceptor';
import { checkUploadContent } from '../../providers/storage/upload-check';

/**
 * The composer uploads a file first, then sends a media message with its URL (issue 3). The type is the one the
 * bytes show (02 §5 upload rules), whatever the part declares, and the stored name carries that type's extension.
 */
@ApiTags('messages')
@ApiSignedIn()
@Controller()
export class UploadsController {
  constructor(private readonly storage: FileStorageService) {}

  @ApiOperation({
    summary: 'Upload a chat attachment, then send a media message with its URL',
    description: 'The type is read from the bytes (02 §5); answers {url, name, fileType, mimeType, weight}.',
  })
  @ApiMultipart({ file: 'file', fileRequired: true })
  @RequirePermissions('readChat', 'agent')
  @Post('upload')
  @HttpCode(200)
  @UseInterceptors(SpooledUploadInterceptor({ maxFiles: 1, field: 'file' }))
  async upload(@Req() req: Request) {
    const file = spooledFiles(req)[0];
    if (!file) throw AppException.validation('file', UPLOAD_MESSAGES.attachFile);
    const rule = await checkUploadContent(file, CHAT_UPLOAD_MIME_TYPES);
    const stored = await this.storage.put({ path: file.path, size: file.size }, rule.mimeType);
    return {
      url: stored.url,
      name: file.originalname,
      fileType: rule.mediaType,
      mimeType: rule.mimeType,
      weight: file.size,
    };
  }
}
