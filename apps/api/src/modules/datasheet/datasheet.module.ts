import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { DatasheetController } from './datasheet.controller';
import { DatasheetRepository } from './datasheet.repository';
import { DatasheetResolver } from './datasheet.resolver';
import { DatasheetAdminService } from './datasheet-admin.service';
import { DatasheetValuesService } from './datasheet-values.service';

@Module({
  imports: [MessagesModule],
  controllers: [DatasheetController],
  providers: [DatasheetRepository, DatasheetResolver, DatasheetAdminService, DatasheetValuesService],
  exports: [DatasheetRepository],
})
export class DatasheetModule {}
