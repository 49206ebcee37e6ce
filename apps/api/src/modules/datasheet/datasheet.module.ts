import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { DatasheetController } from './datasheet.controller';
import { DatasheetResolver } from './datasheet.resolver';
import { DatasheetAdminService } from './datasheet-admin.service';

@Module({
  imports: [MessagesModule],
  controllers: [DatasheetController],
  providers: [DatasheetResolver, DatasheetAdminService],
})
export class DatasheetModule {}
