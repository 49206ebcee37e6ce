import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AlbumFilePageModel, AlbumModel, AlbumPageModel } from './models/multimedia.model';
import { MultimediaService } from './multimedia.service';

const READ = ['agent', 'readMultimedia', 'writeMultimedia'] as const;

/** 01 §7: the album list by space and album creation through the graph service; files of an album. */
@Resolver()
export class MultimediaResolver {
  constructor(private readonly multimedia: MultimediaService) {}

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
    return this.multimedia.listAlbums(user, { spaceId, parentId }, { search, order, skip, take });
  }

  @RequirePermissions(...READ)
  @Query(() => AlbumModel)
  album(@CurrentUser() user: AuthUser, @Args('id', { type: () => Int }) id: number): Promise<AlbumModel> {
    return this.multimedia.getAlbum(user, id);
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
    return this.multimedia.listFiles(user, albumId, { search, order, skip, take });
  }

  @RequirePermissions('writeMultimedia')
  @Mutation(() => AlbumModel)
  createAlbum(
    @CurrentUser() user: AuthUser,
    @Args('name') name: string,
    @Args('spaceId', { type: () => Int, nullable: true }) spaceId: number | null,
    @Args('parentId', { type: () => Int, nullable: true }) parentId: number | null,
  ): Promise<AlbumModel> {
    return this.multimedia.createAlbum(user, { name, spaceId, parentId });
  }
}
