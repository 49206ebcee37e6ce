import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DevOutboxMail } from './dev-outbox-mail.entity';
import { DevOutboxController } from './dev-outbox.controller';
import { MailService } from './mail.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([DevOutboxMail])],
  controllers: [DevOutboxController],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
