import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MailService } from './mail.service';

/** Development only: reads mail that was not sent because no SMTP_URL is configured. */
@Controller('dev')
export class DevOutboxController {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('outbox')
  async outbox() {
    if (!this.config.devOutbox) throw new AppException('NOT_FOUND');
    const mails = await this.mail.readOutbox();
    return mails.map(({ to, subject, text, html, createdAt }) => ({ to, subject, text, html, createdAt }));
  }
}
