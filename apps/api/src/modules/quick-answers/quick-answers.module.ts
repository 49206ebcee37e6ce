import { Module } from '@nestjs/common';
import { SpacesModule } from '../spaces/spaces.module';
import { QuickAnswersController } from './quick-answers.controller';
import { QuickAnswersRepository } from './quick-answers.repository';
import { QuickAnswersResolver } from './quick-answers.resolver';
import { QuickAnswersService } from './quick-answers.service';

/** 02 §3 quick answers: the composer's '/' menu and their administration (/quickAnswers). */
@Module({
  imports: [SpacesModule],
  controllers: [QuickAnswersController],
  providers: [QuickAnswersRepository, QuickAnswersService, QuickAnswersResolver],
})
export class QuickAnswersModule {}
