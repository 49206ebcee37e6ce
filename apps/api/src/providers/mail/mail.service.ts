import { Inject, Injectable, Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { type DevOutboxMailRow, DevOutboxRepository } from './dev-outbox.repository';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** SMTP when SMTP_URL is set; otherwise the dev outbox (GET /api/dev/outbox), so a bare machine needs no mail server. */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: DevOutboxRepository,
  ) {
    this.transport = config.smtpUrl ? createTransport(config.smtpUrl) : null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
      this.logger.log(`Mail "${mail.subject}" sent to ${mail.to}`);
      return;
    }
    await this.outbox.insert(mail);
    this.logger.log(`Mail "${mail.subject}" for ${mail.to} stored in the dev outbox (GET /api/dev/outbox)`);
  }

  readOutbox(limit = 50): Promise<DevOutboxMailRow[]> {
    return this.outbox.latest(limit);
  }
}
