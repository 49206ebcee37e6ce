import { INPUT_MESSAGES, type MessageView } from '@crm/shared';
import { Controller, Get, HttpCode, Logger, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiFileResponse, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import { setServedFileHeaders } from '../../providers/storage/served-file';
import { InboundMediaService } from './inbound-media.service';

const BAD_ID = INPUT_MESSAGES.invalidMessage;

/**
 * Received files, to the signed-in users who may see their conversation (02 §6). Browsers cannot send the bearer
 * token from <img> or <audio>: the web client fetches the file with it and shows an object URL.
 */
@ApiTags('messages')
@ApiSignedIn()
@Controller()
export class InboundMediaController {
  private readonly logger = new Logger(InboundMediaController.name);

  constructor(private readonly media: InboundMediaService) {}

  @ApiOperation({ summary: 'Download the file a customer sent (to users who may see its conversation)' })
  @ApiFileResponse('The file: images, sounds and videos inline, anything else as an attachment')
  @ApiErrors(400, 404)
  @RequirePermissions('readChat', 'agent')
  @Get('messages/:id/media')
  async content(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseIdPipe('id', BAD_ID)) id: number,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.media.open(user, id);
    res.status(200);
    setServedFileHeaders(res, { mimeType: file.mimeType, name: file.name ?? undefined, inline: file.inline });
    if (file.object.size !== null) res.setHeader('Content-Length', String(file.object.size));
    res.setHeader('Cache-Control', 'private, max-age=300');
    file.object.stream.on('error', (error) => {
      // Headers are out: cutting the connection is the only way to say the file is not whole.
      this.logger.error(`media of message ${id} stream failed: ${String(error)}`);
      res.destroy(error);
    });
    file.object.stream.pipe(res);
  }

  /** 'Reintentar' on a file that could not be downloaded: answers the message, its file pending again. */
  @ApiOperation({
    summary: 'Retry downloading a received file that failed; answers the message, its file pending again',
  })
  @ApiErrors(400)
  @RequirePermissions('readChat', 'agent')
  @Post('messages/:id/media/retry')
  @HttpCode(200)
  retry(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseIdPipe('id', BAD_ID)) id: number,
  ): Promise<MessageView> {
    return this.media.retry(user, id);
  }
}
