import { albumNameError, MULTIMEDIA_MESSAGES, mediaNameKey } from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { mayUseSpace, resolveSpaceId } from '../../common/space-scope';
import { FileStorageService } from '../../providers/storage/file-storage.service';
import { SpacesRepository } from '../spaces/spaces.repository';
import { type AlbumAccess, AlbumsRepository } from './albums.repository';
import { albumNotFound, type PageOptions, pageOf, removeStoredObjects } from './media-page';
import type { AlbumModel, AlbumPageModel } from './models/multimedia.model';

/**
 * 01 §2.9 / §7 Multimedia: albums and sub-albums per space (their files: AlbumFilesService). Two levels, as the
 * routes /album and /subAlbum show them: a sub-album holds files only.
 */
@Injectable()
export class AlbumsService {
  private readonly logger = new Logger(AlbumsService.name);

  constructor(
    private readonly spaces: SpacesRepository,
    private readonly albums: AlbumsRepository,
    private readonly storage: FileStorageService,
  ) {}

  /**
   * An album the caller may use. Tenancy (ARCHITECTURE rule 3): another company's album is refused, whatever id
   * is sent; an album of a space the caller is not in reads as one that does not exist (NOT_FOUND on `field`).
   */
  async usable(user: AuthUser, id: number, field: string): Promise<AlbumAccess> {
    const row = await this.albums.access(id);
    if (!row) throw albumNotFound(field);
    if (row.companyId !== user.companyId)
      throw new AppException('FORBIDDEN', { message: 'Album of another company' });
    if (!(await mayUseSpace(this.spaces, user, row.spaceId))) throw albumNotFound(field);
    return row;
  }

  async list(
    user: AuthUser,
    scope: { spaceId?: number | null; parentId?: number | null },
    options: PageOptions,
  ): Promise<AlbumPageModel> {
    const page = pageOf(options);
    let spaceId: number;
    let parentId: number | null = null;
    if (scope.parentId !== null && scope.parentId !== undefined) {
      const parent = await this.usable(user, scope.parentId, 'parentId');
      // As when creating: a space sent beside the parent must be the parent's.
      if (scope.spaceId !== null && scope.spaceId !== undefined && scope.spaceId !== parent.spaceId)
        throw AppException.validation('spaceId', MULTIMEDIA_MESSAGES.albumOfOtherSpace);
      spaceId = parent.spaceId;
      parentId = parent.id;
    } else {
      spaceId = await resolveSpaceId(this.spaces, user, scope.spaceId);
    }
    return this.albums.list(user.companyId, spaceId, parentId, page);
  }

  async get(user: AuthUser, id: number): Promise<AlbumModel> {
    await this.usable(user, id, 'albumId');
    const row = await this.albums.view(id);
    if (!row) throw albumNotFound('albumId');
    return row;
  }

  async create(
    user: AuthUser,
    input: { spaceId?: number | null; name: string; parentId?: number | null },
  ): Promise<AlbumModel> {
    const name = (input.name ?? '').trim();
    const nameError = albumNameError(name);
    if (nameError) throw AppException.validation('name', nameError);
    let spaceId: number;
    let parentId: number | null = null;
    if (input.parentId !== null && input.parentId !== undefined) {
      const parent = await this.usable(user, input.parentId, 'parentId');
      if (!parent.isRoot) throw AppException.validation('parentId', MULTIMEDIA_MESSAGES.subalbumDepth);
      if (input.spaceId !== null && input.spaceId !== undefined && input.spaceId !== parent.spaceId)
        throw AppException.validation('spaceId', MULTIMEDIA_MESSAGES.albumOfOtherSpace);
      spaceId = parent.spaceId;
      parentId = parent.id;
    } else {
      spaceId = await resolveSpaceId(this.spaces, user, input.spaceId);
    }
    const nameKey = mediaNameKey(name);
    const duplicated = () => new AppException('ERROR_DUPLICATED_ALBUM', { field: 'name' });
    if (await this.albums.albumNameTaken(spaceId, parentId, nameKey)) throw duplicated();
    const id = await this.albums.createAlbum({ companyId: user.companyId, spaceId, parentId, name, nameKey });
    if (id === undefined) throw duplicated();
    return this.get(user, id);
  }

  /** The album, its sub-albums and all their files; stored objects are removed after the rows. */
  async delete(user: AuthUser, albumId: number): Promise<{ id: number }> {
    const album = await this.usable(user, albumId, 'albumId');
    const keys = await this.albums.deleteAlbum(user.companyId, album.id);
    await removeStoredObjects(this.storage, this.logger, keys);
    return { id: album.id };
  }
}
