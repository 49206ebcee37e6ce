import { Module } from '@nestjs/common';
import { QuickAnswersResolver } from './quick-answers.resolver';

@Module({ providers: [QuickAnswersResolver] })
export class QuickAnswersModule {}
