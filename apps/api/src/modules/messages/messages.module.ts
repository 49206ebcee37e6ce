import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelsModule } from '../channels/channels.module';
import { Client } from '../clients/entities/client.entity';
import { WebhooksController } from '../webhooks/webhooks.controller';
import { Message } from './entities/message.entity';
import { InboundService } from './inbound.service';

@Module({
  imports: [TypeOrmModule.forFeature([Message, Client]), ChannelsModule],
  controllers: [WebhooksController],
  providers: [InboundService],
  exports: [InboundService],
})
export class MessagesModule {}
