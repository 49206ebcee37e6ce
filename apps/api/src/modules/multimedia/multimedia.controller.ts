import { INPUT_MESSAGES, UPLOAD_MESSAGES } from '@crm/shared';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Logger,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import {
  ApiErrors,
  ApiFileResponse,
  ApiMultipart,
  ApiSignedIn,
} from '../../common/openapi/openapi.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import { setServedFileHeaders } from '../../providers/storage/served-file';
import { SpooledUploadInterceptor, spooledFiles } from '../../providers/storage/spooled-upload.interceptor';
import { AlbumFilesService } from './album-files.service';
import { AlbumsService } from './albums.service';
import {
  CreateAlbumInput,
  DeleteAlbumInput,
  RemoveContentInput,
  UploadFileInput,
} from './dto/multimedia.input';
import type { AlbumFileModel, AlbumModel } from './models/multimedia.model';

/** 01 §7 Multimedia calls. Only writeMultimedia creates and deletes (01 §6); reading is the route guard's set. */
@ApiTags('multimedia')
@ApiSignedIn()
@Controller()
export class MultimediaController {
  private readonly logger = new Logger(MultimediaController.name);

  constructor(
    private readonly albums: AlbumsService,
    private readonly files: AlbumFilesService,
  ) {}

  @ApiOperation({ summary: 'Create an album (or a sub-album)' })
  @ApiErrors(400)
  @RequirePermissions('writeMultimedia')
  @Post('createAlbum')
  @HttpCode(200)
  createAlbum(@CurrentUser() user: AuthUser, @Body() input: CreateAlbumInput): Promise<AlbumModel> {
    return this.albums.create(user, input);
  }

  @ApiOperation({ summary: 'Delete an album' })
  @ApiErrors(400)
  @RequirePermissions('writeMultimedia')
  @Delete('deleteAlbum')
  deleteAlbum(@CurrentUser() user: AuthUser, @Body() input: DeleteAlbumInput): Promise<{ id: number }> {
    return this.albums.delete(user, input.albumId);
  }

  /** Multipart files (up to 10) with albumId, or JSON {name, url, albumId, fileType: 'VIDEO'}. */
  @ApiOperation({ summary: 'Add files to an album (multipart, up to 10), or a video link (JSON)' })
  @ApiMultipart({ body: UploadFileInput, file: 'files', maxFiles: 10 })
  @RequirePermissions('writeMultimedia')
  @Put('uploadFile')
  @UseInterceptors(SpooledUploadInterceptor())
  async uploadFile(
    @CurrentUser() user: AuthUser,
    @Body() input: UploadFileInput,
    @Req() req: Request,
  ): Promise<{ files: AlbumFileModel[] }> {
    const files = spooledFiles(req);
    if (files.length > 0) return { files: await this.files.upload(user, input.albumId, files) };
    if (input.url !== undefined) return { files: [await this.files.addVideoUrl(user, input)] };
    throw AppException.validation('files', UPLOAD_MESSAGES.attachAtLeastOne);
  }

  @ApiOperation({ summary: 'Remove a file from its album' })
  @ApiErrors(400)
  @RequirePermissions('writeMultimedia')
  @Delete('removeContent')
  removeContent(@CurrentUser() user: AuthUser, @Body() input: RemoveContentInput): Promise<{ id: number }> {
    return this.files.remove(user, input.fileId);
  }

  /**
   * An album file's bytes, to signed-in users of its company only: album files are never under the public
   * /uploads route. `?download=1` asks for an attachment.
   */
  @ApiOperation({
    summary: "Download an album file (its company's users only); ?download=1 for an attachment",
  })
  @ApiQuery({ name: 'download', required: false, enum: ['1'] })
  @ApiFileResponse('The file: images, sounds and videos inline, anything else as an attachment')
  @ApiErrors(400, 404)
  @RequirePermissions('agent', 'readMultimedia', 'writeMultimedia')
  @Get('multimedia/files/:id/content')
  async content(
    @CurrentUser() user: AuthUser,
    @Param('id') rawId: string,
    @Query('download') download: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const id = new ParseIdPipe('id', INPUT_MESSAGES.invalidFile).transform(rawId);
    const { file, object } = await this.files.open(user, id);
    const inline = download !== '1' && file.fileType !== 'DOCUMENT';
    res.status(200);
    setServedFileHeaders(res, {
      mimeType: file.mimeType ?? 'application/octet-stream',
      name: file.name,
      inline,
    });
    if (object.size !== null) res.setHeader('Content-Length', String(object.size));
    res.setHeader('Cache-Control', 'private, max-age=300');
    object.stream.on('error', (error) => {
      // Headers are out: cutting the connection is the only way to say the file is not whole.
      this.logger.error(`album file ${id} stream failed: ${String(error)}`);
      res.destroy(error);
    });
    object.stream.pipe(res);
  }
}
