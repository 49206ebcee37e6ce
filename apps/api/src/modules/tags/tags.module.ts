import { Module } from '@nestjs/common';
import { TagsController } from './tags.controller';
import { TagsResolver } from './tags.resolver';
import { TagsAdminService } from './tags-admin.service';

@Module({ controllers: [TagsController], providers: [TagsResolver, TagsAdminService] })
export class TagsModule {}
