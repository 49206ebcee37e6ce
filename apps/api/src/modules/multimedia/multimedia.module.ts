import { Module } from '@nestjs/common';
import { MultimediaController } from './multimedia.controller';
import { MultimediaResolver } from './multimedia.resolver';
import { MultimediaService } from './multimedia.service';

/** 01 §2.9 / §7 Multimedia: albums, sub-albums and their files, kept in the private storage area. */
@Module({
  controllers: [MultimediaController],
  providers: [MultimediaService, MultimediaResolver],
})
export class MultimediaModule {}
