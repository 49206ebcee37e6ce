import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { AutoAssignmentService } from '../clients/auto-assignment.service';
import { ClientsController } from '../clients/clients.controller';
import { ClientsService } from '../clients/clients.service';
import { ConversationsRepository } from '../clients/conversations.repository';
import { CompaniesModule } from '../companies/companies.module';
import { TemplatesModule } from '../templates/templates.module';
import { AutomatedSendService } from './automated-send.service';
import { InboundService } from './inbound.service';
import { InboundMediaController } from './inbound-media.controller';
import { InboundMediaService } from './inbound-media.service';
import { InboundStoreRepository } from './inbound-store.repository';
import { InboundUpdatesService } from './inbound-updates.service';
import { MessagesController } from './messages.controller';
import { MessagesRepository } from './messages.repository';
import { MessagesResolver } from './messages.resolver';
import { MessagesService } from './messages.service';
import { OutboundHooks } from './outbound-hooks';
import { OutboundWriter } from './outbound-writer.service';
import { UploadsController } from './uploads.controller';

@Module({
  imports: [ChannelsModule, CompaniesModule, TemplatesModule],
  controllers: [ClientsController, MessagesController, UploadsController, InboundMediaController],
  providers: [
    MessagesRepository,
    InboundStoreRepository,
    InboundService,
    InboundMediaService,
    InboundUpdatesService,
    MessagesService,
    ClientsService,
    ConversationsRepository,
    MessagesResolver,
    AutoAssignmentService,
    AutomatedSendService,
    OutboundHooks,
    OutboundWriter,
  ],
  exports: [
    InboundService,
    MessagesService,
    ClientsService,
    ConversationsRepository,
    AutomatedSendService,
    OutboundHooks,
    AutoAssignmentService,
    MessagesRepository,
  ],
})
export class MessagesModule {}
