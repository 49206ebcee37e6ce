import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CONTENT_SNIFF_BYTES,
  fileTooLargeMessage,
  MAX_FILE_BYTES,
  MAX_FILES_PER_DROP,
  UPLOAD_MESSAGES,
} from '@crm/shared';
import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  mixin,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type { MulterOptions } from '@nestjs/platform-express/multer/interfaces/multer-options.interface';
import type { Request, Response } from 'express';
import { finalize, type Observable } from 'rxjs';
import { AppException } from '../../common/errors/app.exception';
import { declaresMoreThan, multipartLimit } from '../../common/http/body-limits';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** A multipart file spooled to disk by multer: large uploads never sit in memory. */
export interface SpooledFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  path: string;
}

/** The first bytes of a spooled file, enough to tell its type from its content. */
export async function readHead(path: string, bytes = CONTENT_SNIFF_BYTES): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return new Uint8Array(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export function spooledFiles(req: Request): SpooledFile[] {
  const files = (req as Request & { files?: unknown }).files;
  if (Array.isArray(files)) return files as SpooledFile[];
  return files && typeof files === 'object' ? (Object.values(files).flat() as SpooledFile[]) : [];
}

// 01 §5: the catalogue's FILE_TOO_LARGE (413) with the cap in its text, on the upload's field.
function fileTooLarge(field: string): AppException {
  const userMessage = fileTooLargeMessage(MAX_FILE_BYTES);
  return new AppException('FILE_TOO_LARGE', {
    field,
    fields: { [field]: userMessage },
    userMessage,
    message: `File over ${MAX_FILE_BYTES} bytes`,
  });
}

// multer's limits become the spec's Spanish upload messages (01 §5) on the `files` field.
function uploadLimitError(error: unknown, field: string, maxFiles: number): unknown {
  if (!(error instanceof HttpException)) return error;
  const code = (error.cause as { code?: string } | undefined)?.code;
  if (code === 'LIMIT_FILE_SIZE') return fileTooLarge(field);
  if (code === 'LIMIT_FILE_COUNT') {
    const message =
      maxFiles === MAX_FILES_PER_DROP ? UPLOAD_MESSAGES.tooManyFiles : UPLOAD_MESSAGES.singleFile;
    return AppException.validation(field, message);
  }
  return AppException.validation(field, UPLOAD_MESSAGES.unreadable);
}

/**
 * Multipart files of any field name, spooled under DATA_DIR/tmp and removed once the request is answered,
 * whatever happened. At most `maxFiles` files (01 §5: 10) of MAX_FILE_BYTES each.
 */
export function SpooledUploadInterceptor(
  options: { maxFiles?: number; field?: string } = {},
): Type<NestInterceptor> {
  const maxFiles = options.maxFiles ?? MAX_FILES_PER_DROP;
  const field = options.field ?? 'files';

  @Injectable()
  class SpooledUpload implements NestInterceptor {
    private readonly inner: NestInterceptor;

    constructor(@Inject(APP_CONFIG) config: AppConfig) {
      const multerOptions = {
        dest: join(config.dataDir, 'tmp', 'uploads'),
        limits: { fileSize: MAX_FILE_BYTES, files: maxFiles, fields: 50 },
        // Browsers send file names in UTF-8 ('catálogo.pdf'); busboy reads latin1 unless told.
        defParamCharset: 'utf8',
      } as MulterOptions;
      this.inner = new (AnyFilesInterceptor(multerOptions))();
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      // A body declared larger than this route's files can be is refused before multer reads a byte of it.
      if (declaresMoreThan(req, http.getResponse<Response>(), multipartLimit(maxFiles)))
        throw fileTooLarge(field);
      let handled: Observable<unknown>;
      try {
        handled = (await this.inner.intercept(context, next)) as Observable<unknown>;
      } catch (error) {
        throw uploadLimitError(error, field, maxFiles);
      }
      return handled.pipe(
        finalize(() => {
          for (const file of spooledFiles(req)) void rm(file.path, { force: true }).catch(() => undefined);
        }),
      );
    }
  }

  return mixin(SpooledUpload);
}
