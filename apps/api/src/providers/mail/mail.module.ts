import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DevOutboxController } from './dev-outbox.controller';
import { DevOutboxMail } from './dev-outbox-mail.entity';
import { MailService } from './mail.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([DevOutboxMail])],
  controllers: [DevOutboxController],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
