import { Module } from '@nestjs/common';
import { QuickAnswersController } from './quick-answers.controller';
import { QuickAnswersResolver } from './quick-answers.resolver';
import { QuickAnswersService } from './quick-answers.service';

/** 02 §3 quick answers: the composer's '/' menu and their administration (/quickAnswers). */
@Module({
  controllers: [QuickAnswersController],
  providers: [QuickAnswersService, QuickAnswersResolver],
})
export class QuickAnswersModule {}
