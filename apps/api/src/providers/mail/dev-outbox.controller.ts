import { Controller, Get, Inject, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { isLocalRequest } from '../../common/http/loopback';
import { ApiErrors } from '../../common/openapi/openapi.decorators';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MailService } from './mail.service';

/**
 * Development only: reads mail that was not sent because no SMTP_URL is configured. It holds password-reset
 * links of every account, so it answers only requests made on this machine (the server listens on every
 * interface by default); anyone else gets the same 404 as when it is off.
 */
@ApiTags('dev')
@Controller('dev')
export class DevOutboxController {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiOperation({
    summary:
      'Development only: the mail not sent because SMTP_URL is unset (answers this machine only, else 404)',
  })
  @ApiErrors(404)
  @Public()
  @Get('outbox')
  async outbox(@Req() req: Request) {
    if (!this.config.devOutbox || !isLocalRequest(req)) throw new AppException('NOT_FOUND');
    const mails = await this.mail.readOutbox();
    return mails.map(({ to, subject, text, html, createdAt }) => ({ to, subject, text, html, createdAt }));
  }
}
