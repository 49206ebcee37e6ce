import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelsModule } from '../channels/channels.module';
import { AutoAssignmentService } from '../clients/auto-assignment.service';
import { ClientsController } from '../clients/clients.controller';
import { ClientsService } from '../clients/clients.service';
import { Client } from '../clients/entities/client.entity';
import { WebhooksController } from '../webhooks/webhooks.controller';
import { Message } from './entities/message.entity';
import { InboundService } from './inbound.service';
import { InboundMediaController } from './inbound-media.controller';
import { InboundMediaService } from './inbound-media.service';
import { InboundUpdatesService } from './inbound-updates.service';
import { MessagesController } from './messages.controller';
import { MessagesResolver } from './messages.resolver';
import { MessagesService } from './messages.service';
import { UploadsController } from './uploads.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Message, Client]), ChannelsModule],
  controllers: [
    WebhooksController,
    ClientsController,
    MessagesController,
    UploadsController,
    InboundMediaController,
  ],
  providers: [
    InboundService,
    InboundMediaService,
    InboundUpdatesService,
    MessagesService,
    ClientsService,
    MessagesResolver,
    AutoAssignmentService,
  ],
  exports: [InboundService, MessagesService, ClientsService],
})
export class MessagesModule {}
