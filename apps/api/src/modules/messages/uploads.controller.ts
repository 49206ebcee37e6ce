import { CHAT_UPLOAD_MIME_TYPES, MAX_FILE_BYTES, validateUploads } from '@crm/shared';
import { Controller, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { FileStorageService } from '../../providers/storage/file-storage.service';

interface UploadedPart {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

function fileTypeOf(mime: string): 'image' | 'video' | 'audio' | 'document' {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

/** The composer uploads a file first, then sends a media message with its URL (issue 3). */
@Controller()
export class UploadsController {
  constructor(private readonly storage: FileStorageService) {}

  @RequirePermissions('readChat', 'agent')
  @Post('upload')
  @HttpCode(200)
  // One byte over the cap is enough for the shared rule to name the limit in its message.
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_FILE_BYTES + 1, files: 1 } }))
  async upload(@UploadedFile() file: UploadedPart | undefined) {
    if (!file) throw AppException.validation('file', 'Adjunta un archivo.');
    const check = validateUploads([{ name: file.originalname, type: file.mimetype, size: file.size }], {
      accept: CHAT_UPLOAD_MIME_TYPES,
    });
    if (check.rejected.length > 0) throw AppException.validation('file', check.rejected[0].error);
    const stored = await this.storage.put(file.buffer, file.originalname);
    return {
      url: stored.url,
      name: file.originalname,
      fileType: fileTypeOf(file.mimetype),
      mimeType: file.mimetype,
      weight: file.size,
    };
  }
}
