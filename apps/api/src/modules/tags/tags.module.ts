import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MessagesModule } from '../messages/messages.module';
import { TagsController } from './tags.controller';
import { TagsRepository } from './tags.repository';
import { TagsResolver } from './tags.resolver';
import { TagsAdminService } from './tags-admin.service';

@Module({
  imports: [MessagesModule, ChannelsModule],
  controllers: [TagsController],
  providers: [TagsRepository, TagsResolver, TagsAdminService],
  exports: [TagsRepository, TagsAdminService],
})
export class TagsModule {}
