import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { DatasheetModule } from '../datasheet/datasheet.module';
import { MessagesModule } from '../messages/messages.module';
import { ContactExportService } from './contact-export.service';
import { ContactImportService } from './contact-import.service';
import { ContactImportsRepository } from './contact-imports.repository';
import { ContactsController } from './contacts.controller';
import { ContactsRepository } from './contacts.repository';
import { ContactsResolver } from './contacts.resolver';
import { ContactsService } from './contacts.service';

/** Issue 5: contacts created by hand, imported in bulk, exported as a report. */
@Module({
  imports: [MessagesModule, ChannelsModule, DatasheetModule],
  controllers: [ContactsController],
  providers: [
    ContactsRepository,
    ContactImportsRepository,
    ContactsService,
    ContactImportService,
    ContactExportService,
    ContactsResolver,
  ],
})
export class ContactsModule {}
