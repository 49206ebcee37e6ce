import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MessagesModule } from '../messages/messages.module';
import { WebhooksController } from './webhooks.controller';

/** Provider webhooks: each adapter verifies and parses, the inbound pipeline stores (ARCHITECTURE rule 5). */
@Module({ imports: [ChannelsModule, MessagesModule], controllers: [WebhooksController] })
export class WebhooksModule {}
