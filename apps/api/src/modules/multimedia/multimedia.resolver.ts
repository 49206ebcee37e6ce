import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AlbumFilesService } from './album-files.service';
import { AlbumsService } from './albums.service';
import { AlbumFilePageModel, AlbumModel, AlbumPageModel } from './models/multimedia.model';

const READ = ['agent', 'readMultimedia', 'writeMultimedia'] as const;

/** 01 §7: the album list by space and album creation through the graph service; files of an album. */
@Resolver()
export class MultimediaResolver {
  constructor(
    private readonly albumsService: AlbumsService,
    private readonly filesService: AlbumFilesService,
  ) {}

  @RequirePermissions(...READ)
  @Query(() => AlbumPageModel, {
    description: "The space's albums (the selected space by default), or the sub-albums of parentId.",
  })
  albums(
    @CurrentUser() user: AuthUser,
    @Args('spaceId', { type: () => Int, nullable: true }) spaceId: number | null,
    @Args('parentId', { type: () => Int, nullable: true }) parentId: number | null,
    @Args('search', { type: () => String, nullable: true }) search: string | null,
    @Args('order', { type: () => String, nullable: true, description: 'creationDate (default) or name' })
    order: string | null,
    @Args('skip', { type: () => Int, nullable: true }) skip: number | null,
    @Args('take', { type: () => Int, nullable: true }) take: number | null,
  ): Promise<AlbumPageModel> {
    return this.albumsService.list(user, { spaceId, parentId }, { search, order, skip, take });
  }

  @RequirePermissions(...READ)
  @Query(() => AlbumModel)
  album(@CurrentUser() user: AuthUser, @Args('id', { type: () => Int }) id: number): Promise<AlbumModel> {
    return this.albumsService.get(user, id);
  }

  @RequirePermissions(...READ)
  @Query(() => AlbumFilePageModel)
  albumFiles(
    @CurrentUser() user: AuthUser,
    @Args('albumId', { type: () => Int }) albumId: number,
    @Args('search', { type: () => String, nullable: true }) search: string | null,
    @Args('order', { type: () => String, nullable: true, description: 'creationDate (default) or name' })
    order: string | null,
    @Args('skip', { type: () => Int, nullable: true }) skip: number | null,
    @Args('take', { type: () => Int, nullable: true }) take: number | null,
  ): Promise<AlbumFilePageModel> {
    return this.filesService.list(user, albumId, { search, order, skip, take });
  }

  @RequirePermissions('writeMultimedia')
  @Mutation(() => AlbumModel)
  createAlbum(
    @CurrentUser() user: AuthUser,
    @Args('name') name: string,
    @Args('spaceId', { type: () => Int, nullable: true }) spaceId: number | null,
    @Args('parentId', { type: () => Int, nullable: true }) parentId: number | null,
  ): Promise<AlbumModel> {
    return this.albumsService.create(user, { name, spaceId, parentId });
  }
}
