import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { TagsController } from './tags.controller';
import { TagsResolver } from './tags.resolver';
import { TagsAdminService } from './tags-admin.service';

@Module({
  imports: [MessagesModule],
  controllers: [TagsController],
  providers: [TagsResolver, TagsAdminService],
})
export class TagsModule {}
