import { Global, Module } from '@nestjs/common';
import { DevOutboxController } from './dev-outbox.controller';
import { DevOutboxRepository } from './dev-outbox.repository';
import { MailService } from './mail.service';

@Global()
@Module({
  controllers: [DevOutboxController],
  providers: [DevOutboxRepository, MailService],
  exports: [MailService],
})
export class MailModule {}
