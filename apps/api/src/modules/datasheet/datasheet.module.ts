import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { DatasheetResolver } from './datasheet.resolver';

@Module({ imports: [MessagesModule], providers: [DatasheetResolver] })
export class DatasheetModule {}
