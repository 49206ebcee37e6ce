import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { CategoriesRepository } from './categories.repository';
import { CategoriesResolver } from './categories.resolver';
import { CategoriesService } from './categories.service';

@Module({
  imports: [MessagesModule],
  providers: [CategoriesRepository, CategoriesService, CategoriesResolver],
  exports: [CategoriesRepository],
})
export class CategoriesModule {}
