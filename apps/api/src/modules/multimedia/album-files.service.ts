import {
  ALBUM_FILE_NAME_MAX,
  ALBUM_MIME_TYPES,
  ALBUM_VIDEO_URL_MAX,
  albumFileTypeOf,
  duplicatedFilesMessage,
  exceedsFileCount,
  MULTIMEDIA_MESSAGES,
  mediaNameKey,
  resolveContentType,
  UPLOAD_MESSAGES,
  type UploadCandidate,
  uploadErrorSummary,
  validateAlbumName,
  validateFacebookVideoUrl,
  validateUploads,
} from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { mayUseSpace } from '../../common/space-scope';
import { FileStorageService } from '../../providers/storage/file-storage.service';
import { readHead, type SpooledFile } from '../../providers/storage/spooled-upload.interceptor';
import type { StoredObject } from '../../providers/storage/storage-backend';
import { SpacesRepository } from '../spaces/spaces.repository';
import { type AlbumFileRow, AlbumsRepository, type FileInsertRefusal } from './albums.repository';
import { AlbumsService } from './albums.service';
import { albumNotFound, type PageOptions, pageOf, removeStoredObjects } from './media-page';
import type { AlbumFileModel, AlbumFilePageModel } from './models/multimedia.model';

/** The authenticated route that streams a stored album file (never a public URL: 01 §7 access control). */
export function albumFileContentPath(id: number): string {
  return `/api/multimedia/files/${id}/content`;
}

function toFileModel(row: AlbumFileRow): AlbumFileModel {
  return {
    id: row.id,
    albumId: row.albumId,
    name: row.name,
    fileType: row.fileType,
    mimeType: row.mimeType,
    url: row.storageKey ? albumFileContentPath(row.id) : (row.url ?? ''),
    weight: row.weight,
    isExternal: row.storageKey === null,
    createdAt: row.createdAt,
  };
}

function duplicatedFile(names: string[]): AppException {
  return new AppException('ERROR_DUPLICATED_FILE', {
    field: 'files',
    userMessage: duplicatedFilesMessage(names),
  });
}

/** A refused insert as the caller sees it: a name the album has, or the album deleted while files went up. */
function refusalError(refusal: FileInsertRefusal, names: string[]): AppException {
  return refusal === 'duplicated' ? duplicatedFile(names) : albumNotFound('albumId');
}

/**
 * 01 §2.9 / §7 the files of an album. Stored files live in the private storage area; the upload rules of 01 §5
 * are enforced here on the content itself.
 */
@Injectable()
export class AlbumFilesService {
  private readonly logger = new Logger(AlbumFilesService.name);

  constructor(
    private readonly spaces: SpacesRepository,
    private readonly albums: AlbumsService,
    private readonly repository: AlbumsRepository,
    private readonly storage: FileStorageService,
  ) {}

  async list(user: AuthUser, albumId: number, options: PageOptions): Promise<AlbumFilePageModel> {
    const album = await this.albums.usable(user, albumId, 'albumId');
    const page = pageOf(options);
    const { items, total } = await this.repository.listFiles(album.id, page);
    return { items: items.map(toFileModel), total };
  }

  /**
   * 01 §5 on the server: at most 10 files, each of an accepted type read from its bytes and within its size;
   * names new to the album. All or nothing: one bad file refuses the request and stores nothing.
   */
  async upload(user: AuthUser, albumId: number, uploads: SpooledFile[]): Promise<AlbumFileModel[]> {
    if (uploads.length === 0) throw AppException.validation('files', UPLOAD_MESSAGES.attachAtLeastOne);
    if (exceedsFileCount(uploads.length))
      throw AppException.validation('files', UPLOAD_MESSAGES.tooManyFiles);
    const album = await this.albums.usable(user, albumId, 'albumId');

    const rejected: Array<{ file: UploadCandidate; error: string }> = [];
    const accepted: Array<{ upload: SpooledFile; name: string; mimeType: string; fileType: string }> = [];
    for (const upload of uploads) {
      const name = upload.originalname.trim();
      const candidate = { name, type: upload.mimetype, size: upload.size };
      if (name.length > ALBUM_FILE_NAME_MAX) {
        rejected.push({ file: candidate, error: MULTIMEDIA_MESSAGES.fileNameTooLong });
        continue;
      }
      const type = resolveContentType(name, await readHead(upload.path), upload.size, ALBUM_MIME_TYPES);
      if (!type.ok) {
        rejected.push({ file: candidate, error: type.error });
        continue;
      }
      // Size caps by the type found in the content (a video has its own, smaller one).
      const sized = validateUploads([{ ...candidate, type: type.rule.mimeType }], {
        accept: ALBUM_MIME_TYPES,
      });
      if (sized.rejected.length > 0) {
        rejected.push({ file: candidate, error: sized.rejected[0].error });
        continue;
      }
      accepted.push({
        upload,
        name,
        mimeType: type.rule.mimeType,
        fileType: albumFileTypeOf(type.rule.mediaType),
      });
    }
    if (rejected.length > 0) {
      const errors = [...new Set(rejected.map((r) => r.error))];
      const message =
        uploadErrorSummary({ accepted: [], rejected, errors }) ?? UPLOAD_MESSAGES.typeNotAllowed;
      throw AppException.validation('files', message);
    }

    const keys = accepted.map((a) => mediaNameKey(a.name));
    const repeated = accepted.filter((_, i) => keys.indexOf(keys[i]) !== i).map((a) => a.name);
    const existing = await this.repository.fileNamesTaken(album.id, keys);
    const duplicated = [...new Set([...existing, ...repeated])];
    if (duplicated.length > 0) throw duplicatedFile(duplicated);

    const stored: string[] = [];
    try {
      for (const file of accepted) {
        stored.push(
          await this.storage.putPrivate(
            { path: file.upload.path, size: file.upload.size },
            file.mimeType,
            `albums/${user.companyId}`,
          ),
        );
      }
      const rows = await this.repository.insertFiles(
        user.companyId,
        album.id,
        user.id,
        accepted.map((file, i) => ({
          name: file.name,
          nameKey: keys[i],
          fileType: file.fileType,
          mimeType: file.mimeType,
          weight: file.upload.size,
          storageKey: stored[i],
        })),
      );
      if (!Array.isArray(rows))
        throw refusalError(
          rows,
          accepted.map((a) => a.name),
        );
      return rows.map(toFileModel);
    } catch (error) {
      // Nothing half-done stays behind: the rows rolled back, the objects go too.
      await removeStoredObjects(this.storage, this.logger, stored);
      if (error instanceof AppException) throw error;
      this.logger.error(`album upload failed: ${String(error)}`);
      throw new AppException('ERROR_UPDATING_ALBUM');
    }
  }

  /** 01 §7 a video added by its URL (02 §5: a Facebook URL). */
  async addVideoUrl(
    user: AuthUser,
    input: { albumId: number; name?: string; url?: string; fileType?: string },
  ): Promise<AlbumFileModel> {
    const album = await this.albums.usable(user, input.albumId, 'albumId');
    if (input.fileType !== undefined && input.fileType.toUpperCase() !== 'VIDEO')
      throw AppException.validation('fileType', MULTIMEDIA_MESSAGES.onlyVideoUrls);
    const urlError = validateFacebookVideoUrl(input.url);
    if (urlError) throw AppException.validation('url', urlError);
    const url = (input.url ?? '').trim();
    if (url.length > ALBUM_VIDEO_URL_MAX)
      throw AppException.validation('url', MULTIMEDIA_MESSAGES.urlTooLong);
    const name = (input.name ?? '').trim();
    const nameError = validateAlbumName(name);
    if (nameError) throw AppException.validation('name', nameError);
    if (name.length > ALBUM_FILE_NAME_MAX)
      throw AppException.validation('name', MULTIMEDIA_MESSAGES.videoNameTooLong);
    const nameKey = mediaNameKey(name);
    if ((await this.repository.fileNamesTaken(album.id, [nameKey])).length > 0) throw duplicatedFile([name]);
    const row = await this.repository.insertVideoUrl(user.companyId, album.id, user.id, {
      name,
      nameKey,
      url,
    });
    if (typeof row === 'string') throw refusalError(row, [name]);
    return toFileModel(row);
  }

  async remove(user: AuthUser, fileId: number): Promise<{ id: number }> {
    const file = await this.usableFile(user, fileId);
    await this.repository.deleteFile(user.companyId, file.id);
    if (file.storageKey) await removeStoredObjects(this.storage, this.logger, [file.storageKey]);
    return { id: file.id };
  }

  /** A stored file's bytes, for a user of its company only. */
  async open(user: AuthUser, fileId: number): Promise<{ file: AlbumFileModel; object: StoredObject }> {
    const row = await this.usableFile(user, fileId);
    if (!row.storageKey)
      throw new AppException('NOT_FOUND', {
        field: 'fileId',
        userMessage: MULTIMEDIA_MESSAGES.videoAtItsUrl,
      });
    const object = await this.storage.readPrivate(row.storageKey);
    if (!object)
      throw new AppException('NOT_FOUND', { field: 'fileId', userMessage: MULTIMEDIA_MESSAGES.fileNotFound });
    return { file: toFileModel(row), object };
  }

  private async usableFile(user: AuthUser, id: number): Promise<AlbumFileRow> {
    const row = await this.repository.file(id);
    const notFound = new AppException('NOT_FOUND', {
      field: 'fileId',
      userMessage: MULTIMEDIA_MESSAGES.fileNotFound,
    });
    if (!row) throw notFound;
    if (row.companyId !== user.companyId)
      throw new AppException('FORBIDDEN', { message: 'File of another company' });
    // A file of a space the caller is not in reads as one that does not exist.
    if (!(await mayUseSpace(this.spaces, user, row.spaceId))) throw notFound;
    const { spaceId: _spaceId, ...file } = row;
    return file;
  }
}
