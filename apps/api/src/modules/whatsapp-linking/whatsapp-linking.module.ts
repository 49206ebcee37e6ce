import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { CompaniesModule } from '../companies/companies.module';
import { WhatsappLinkingController } from './whatsapp-linking.controller';
import { WhatsappLinkingRepository } from './whatsapp-linking.repository';
import { WhatsappLinkingService } from './whatsapp-linking.service';

/** Issue 19: linking a WhatsApp number (360dialog Connect, Meta's embedded signup, the sandbox) and its profile. */
@Module({
  imports: [ChannelsModule, CompaniesModule],
  controllers: [WhatsappLinkingController],
  providers: [WhatsappLinkingRepository, WhatsappLinkingService],
})
export class WhatsappLinkingModule {}
