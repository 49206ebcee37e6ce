import { Module } from '@nestjs/common';
import { FollowUpsModule } from '../follow-ups/follow-ups.module';
import { BoardsController } from './boards.controller';
import { BoardsRepository } from './boards.repository';
import { BoardsService } from './boards.service';

/** Issue 21: boards, a sales pipeline of contacts as cards (02 §2, §3, §6, §7). */
@Module({
  imports: [FollowUpsModule],
  controllers: [BoardsController],
  providers: [BoardsRepository, BoardsService],
})
export class BoardsModule {}
