import { Module } from '@nestjs/common';
import { SpacesModule } from '../spaces/spaces.module';
import { AlbumFilesService } from './album-files.service';
import { AlbumsRepository } from './albums.repository';
import { AlbumsService } from './albums.service';
import { MultimediaController } from './multimedia.controller';
import { MultimediaResolver } from './multimedia.resolver';

/** 01 §2.9 / §7 Multimedia: albums, sub-albums and their files, kept in the private storage area. */
@Module({
  imports: [SpacesModule],
  controllers: [MultimediaController],
  providers: [AlbumsRepository, AlbumsService, AlbumFilesService, MultimediaResolver],
})
export class MultimediaModule {}
