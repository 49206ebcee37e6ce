import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { CategoriesResolver } from './categories.resolver';
import { CategoriesService } from './categories.service';

@Module({ imports: [MessagesModule], providers: [CategoriesService, CategoriesResolver] })
export class CategoriesModule {}
