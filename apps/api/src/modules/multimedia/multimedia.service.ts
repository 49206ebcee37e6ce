import {
  ALBUM_FILE_NAME_MAX,
  ALBUM_MIME_TYPES,
  albumFileTypeOf,
  albumNameError,
  exceedsFileCount,
  isMediaSort,
  MULTIMEDIA_PAGE_SIZE,
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
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { mayUseSpace, resolveSpaceId } from '../../common/space-scope';
import { firstRow, queryRows } from '../../database/query-rows';
import { FileStorageService } from '../../providers/storage/file-storage.service';
import { readHead, type SpooledFile } from '../../providers/storage/spooled-upload.interceptor';
import type { StoredObject } from '../../providers/storage/storage-backend';
import type {
  AlbumFileModel,
  AlbumFilePageModel,
  AlbumModel,
  AlbumPageModel,
} from './models/multimedia.model';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const MAX_TAKE = 100;

export interface PageOptions {
  search?: string | null;
  order?: string | null;
  skip?: number | null;
  take?: number | null;
}

interface AlbumRow {
  id: number;
  companyId: number;
  spaceId: number;
  parentId: number | null;
  isRoot: boolean;
  name: string;
}

interface FileRow {
  id: number;
  companyId: number;
  albumId: number;
  name: string;
  fileType: string;
  mimeType: string | null;
  weight: number | null;
  storageKey: string | null;
  url: string | null;
  createdAt: string;
}

const ALBUM_COLUMNS = `a.id, a.name, a."spaceId", a."parentId", p.name AS "parentName", a."isRoot",
  to_json(a."createdAt") #>> '{}' AS "createdAt",
  (SELECT count(*)::int FROM albums c WHERE c."parentId" = a.id) AS "albumsCount",
  (SELECT count(*)::int FROM files f WHERE f."albumId" = a.id) AS "filesCount",
  (SELECT f.id FROM files f WHERE f."albumId" = a.id AND f."fileType" = 'IMAGE' AND f."storageKey" IS NOT NULL
   ORDER BY f."createdAt" DESC, f.id DESC LIMIT 1) AS "coverFileId"`;

function fileColumns(alias: string): string {
  const c = alias ? `${alias}.` : '';
  return `${c}id, ${c}"companyId", ${c}"albumId", ${c}name, ${c}"fileType", ${c}"mimeType", ${c}weight,
    ${c}"storageKey", ${c}url, to_json(${c}"createdAt") #>> '{}' AS "createdAt"`;
}
const FILE_COLUMNS = fileColumns('f');

/** The authenticated route that streams a stored album file (never a public URL: 01 §7 access control). */
export function albumFileContentPath(id: number): string {
  return `/api/multimedia/files/${id}/content`;
}

function toFileModel(row: FileRow): AlbumFileModel {
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

function pageOf(options: PageOptions): {
  search: string;
  order: 'creationDate' | 'name';
  skip: number;
  take: number;
} {
  const order = options.order ?? 'creationDate';
  if (!isMediaSort(order)) throw AppException.validation('order', 'Orden inválido');
  const skip = options.skip ?? 0;
  const take = options.take ?? MULTIMEDIA_PAGE_SIZE;
  if (!Number.isInteger(skip) || skip < 0) throw AppException.validation('skip', 'Página inválida');
  if (!Number.isInteger(take) || take < 1 || take > MAX_TAKE)
    throw AppException.validation('take', 'Tamaño de página inválido');
  const search = (options.search ?? '').trim().toLocaleLowerCase('es').slice(0, 200);
  return { search, order, skip, take };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === UNIQUE_VIOLATION;
}

/**
 * 01 §2.9 / §7 Multimedia: albums and sub-albums per space and their files. Stored files live in the private
 * storage area; the upload rules of 01 §5 are enforced here on the content itself.
 */
@Injectable()
export class MultimediaService {
  private readonly logger = new Logger(MultimediaService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: FileStorageService,
  ) {}

  async listAlbums(
    user: AuthUser,
    scope: { spaceId?: number | null; parentId?: number | null },
    options: PageOptions,
  ): Promise<AlbumPageModel> {
    const page = pageOf(options);
    let spaceId: number;
    let parentId: number | null = null;
    if (scope.parentId !== null && scope.parentId !== undefined) {
      const parent = await this.albumRow(user, scope.parentId, 'parentId');
      spaceId = parent.spaceId;
      parentId = parent.id;
    } else {
      spaceId = await resolveSpaceId(this.dataSource, user, scope.spaceId);
    }
    const where = `a."companyId" = $1 AND a."spaceId" = $2
      AND (a."parentId" = $3 OR ($3::int IS NULL AND a."parentId" IS NULL))
      AND ($4 = '' OR strpos(lower(a.name), $4) > 0)`;
    const params = [user.companyId, spaceId, parentId, page.search];
    const orderBy = page.order === 'name' ? 'a."nameKey" ASC, a.id ASC' : 'a."createdAt" DESC, a.id DESC';
    const [items, count] = await Promise.all([
      this.dataSource.query(
        `SELECT ${ALBUM_COLUMNS} FROM albums a LEFT JOIN albums p ON p.id = a."parentId"
         WHERE ${where} ORDER BY ${orderBy} LIMIT $5 OFFSET $6`,
        [...params, page.take, page.skip],
      ),
      this.dataSource.query(`SELECT count(*)::int AS n FROM albums a WHERE ${where}`, params),
    ]);
    return { items, total: firstRow<{ n: number }>(count)?.n ?? 0 };
  }

  async getAlbum(user: AuthUser, id: number): Promise<AlbumModel> {
    await this.albumRow(user, id, 'albumId');
    const row = firstRow<AlbumModel>(
      await this.dataSource.query(
        `SELECT ${ALBUM_COLUMNS} FROM albums a LEFT JOIN albums p ON p.id = a."parentId" WHERE a.id = $1`,
        [id],
      ),
    );
    if (!row) throw this.albumNotFound('albumId');
    return row;
  }

  async createAlbum(
    user: AuthUser,
    input: { spaceId?: number | null; name: string; parentId?: number | null },
  ): Promise<AlbumModel> {
    const name = (input.name ?? '').trim();
    const nameError = albumNameError(name);
    if (nameError) throw AppException.validation('name', nameError);
    let spaceId: number;
    let parentId: number | null = null;
    if (input.parentId !== null && input.parentId !== undefined) {
      const parent = await this.albumRow(user, input.parentId, 'parentId');
      // Two levels, as the routes /album and /subAlbum show them: a sub-album holds files only.
      if (!parent.isRoot)
        throw AppException.validation('parentId', 'Un subálbum no puede contener otros álbumes.');
      if (input.spaceId !== null && input.spaceId !== undefined && input.spaceId !== parent.spaceId)
        throw AppException.validation('spaceId', 'El álbum no pertenece a ese espacio.');
      spaceId = parent.spaceId;
      parentId = parent.id;
    } else {
      spaceId = await resolveSpaceId(this.dataSource, user, input.spaceId);
    }
    const key = mediaNameKey(name);
    const taken = await this.dataSource.query(
      `SELECT 1 FROM albums WHERE "spaceId" = $1 AND "nameKey" = $2
         AND ("parentId" = $3 OR ($3::int IS NULL AND "parentId" IS NULL)) LIMIT 1`,
      [spaceId, key, parentId],
    );
    if (taken.length > 0) throw new AppException('ERROR_DUPLICATED_ALBUM', { field: 'name' });
    let id: number;
    try {
      const inserted = firstRow<{ id: number }>(
        await this.dataSource.query(
          `INSERT INTO albums ("companyId", "spaceId", "parentId", name, "nameKey", "isRoot")
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [user.companyId, spaceId, parentId, name, key, parentId === null],
        ),
      );
      if (!inserted) throw new AppException('ERROR_CREATING_ALBUM');
      id = inserted.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppException('ERROR_DUPLICATED_ALBUM', { field: 'name' });
      throw error;
    }
    return this.getAlbum(user, id);
  }

  /** The album, its sub-albums and all their files; stored objects are removed after the rows. */
  async deleteAlbum(user: AuthUser, albumId: number): Promise<{ id: number }> {
    const album = await this.albumRow(user, albumId, 'albumId');
    const keys = await this.dataSource.transaction(async (manager) => {
      const files: Array<{ storageKey: string | null }> = await manager.query(
        `SELECT f."storageKey" FROM files f JOIN albums a ON a.id = f."albumId"
         WHERE a.id = $1 OR a."parentId" = $1`,
        [album.id],
      );
      await manager.query(`DELETE FROM albums WHERE id = $1 AND "companyId" = $2`, [
        album.id,
        user.companyId,
      ]);
      return files.map((f) => f.storageKey).filter((k): k is string => k !== null);
    });
    await this.removeObjects(keys);
    return { id: album.id };
  }

  async listFiles(user: AuthUser, albumId: number, options: PageOptions): Promise<AlbumFilePageModel> {
    const album = await this.albumRow(user, albumId, 'albumId');
    const page = pageOf(options);
    const where = `f."albumId" = $1 AND ($2 = '' OR strpos(lower(f.name), $2) > 0)`;
    const orderBy = page.order === 'name' ? 'f."nameKey" ASC, f.id ASC' : 'f."createdAt" DESC, f.id DESC';
    const [rows, count] = await Promise.all([
      this.dataSource.query(
        `SELECT ${FILE_COLUMNS} FROM files f WHERE ${where} ORDER BY ${orderBy} LIMIT $3 OFFSET $4`,
        [album.id, page.search, page.take, page.skip],
      ),
      this.dataSource.query(`SELECT count(*)::int AS n FROM files f WHERE ${where}`, [album.id, page.search]),
    ]);
    return { items: (rows as FileRow[]).map(toFileModel), total: firstRow<{ n: number }>(count)?.n ?? 0 };
  }

  /**
   * 01 §5 on the server: at most 10 files, each of an accepted type read from its bytes and within its size;
   * names new to the album. All or nothing: one bad file refuses the request and stores nothing.
   */
  async uploadFiles(user: AuthUser, albumId: number, uploads: SpooledFile[]): Promise<AlbumFileModel[]> {
    if (uploads.length === 0) throw AppException.validation('files', 'Adjunta al menos un archivo.');
    if (exceedsFileCount(uploads.length))
      throw AppException.validation('files', UPLOAD_MESSAGES.tooManyFiles);
    const album = await this.albumRow(user, albumId, 'albumId');

    const rejected: Array<{ file: UploadCandidate; error: string }> = [];
    const accepted: Array<{ upload: SpooledFile; name: string; mimeType: string; fileType: string }> = [];
    for (const upload of uploads) {
      const name = upload.originalname.trim();
      const candidate = { name, type: upload.mimetype, size: upload.size };
      if (name.length > ALBUM_FILE_NAME_MAX) {
        rejected.push({
          file: candidate,
          error: `El nombre del archivo no debe exceder los ${ALBUM_FILE_NAME_MAX} caracteres`,
        });
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
    const existing: Array<{ name: string }> = await this.dataSource.query(
      `SELECT name FROM files WHERE "albumId" = $1 AND "nameKey" = ANY($2::varchar[])`,
      [album.id, keys],
    );
    const duplicated = [...new Set([...existing.map((e) => e.name), ...repeated])];
    if (duplicated.length > 0) throw this.duplicatedFile(duplicated);

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
      const rows = await this.dataSource.transaction(async (manager) => {
        const out: FileRow[] = [];
        for (const [i, file] of accepted.entries()) {
          const row = firstRow<FileRow>(
            await manager.query(
              `INSERT INTO files ("companyId", "albumId", name, "nameKey", "fileType", "mimeType", weight, "storageKey", "createdById")
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${fileColumns('')}`,
              [
                user.companyId,
                album.id,
                file.name,
                keys[i],
                file.fileType,
                file.mimeType,
                file.upload.size,
                stored[i],
                user.id,
              ],
            ),
          );
          if (row) out.push(row);
        }
        return out;
      });
      return rows.map(toFileModel);
    } catch (error) {
      // Nothing half-done stays behind: the rows rolled back, the objects go too.
      await this.removeObjects(stored);
      if (isUniqueViolation(error)) throw this.duplicatedFile(accepted.map((a) => a.name));
      // The album was deleted while its files were going up.
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw this.albumNotFound('albumId');
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
    const album = await this.albumRow(user, input.albumId, 'albumId');
    if (input.fileType !== undefined && input.fileType.toUpperCase() !== 'VIDEO')
      throw AppException.validation('fileType', 'Solo se pueden agregar videos por URL.');
    const urlError = validateFacebookVideoUrl(input.url);
    if (urlError) throw AppException.validation('url', urlError);
    const url = (input.url ?? '').trim();
    if (url.length > 2000) throw AppException.validation('url', 'La URL es demasiado larga.');
    const name = (input.name ?? '').trim();
    const nameError = validateAlbumName(name);
    if (nameError) throw AppException.validation('name', nameError);
    if (name.length > ALBUM_FILE_NAME_MAX)
      throw AppException.validation(
        'name',
        `El nombre no debe exceder los ${ALBUM_FILE_NAME_MAX} caracteres`,
      );
    const key = mediaNameKey(name);
    const taken = await this.dataSource.query(`SELECT 1 FROM files WHERE "albumId" = $1 AND "nameKey" = $2`, [
      album.id,
      key,
    ]);
    if (taken.length > 0) throw this.duplicatedFile([name]);
    try {
      const row = firstRow<FileRow>(
        await this.dataSource.query(
          `INSERT INTO files ("companyId", "albumId", name, "nameKey", "fileType", url, "createdById")
           VALUES ($1, $2, $3, $4, 'VIDEO', $5, $6) RETURNING ${fileColumns('')}`,
          [user.companyId, album.id, name, key, url, user.id],
        ),
      );
      if (!row) throw new AppException('ERROR_UPDATING_ALBUM');
      return toFileModel(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw this.duplicatedFile([name]);
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw this.albumNotFound('albumId');
      throw error;
    }
  }

  async removeFile(user: AuthUser, fileId: number): Promise<{ id: number }> {
    const file = await this.fileRow(user, fileId);
    await this.dataSource.query(`DELETE FROM files WHERE id = $1 AND "companyId" = $2`, [
      file.id,
      user.companyId,
    ]);
    if (file.storageKey) await this.removeObjects([file.storageKey]);
    return { id: file.id };
  }

  /** A stored file's bytes, for a user of its company only. */
  async openFile(user: AuthUser, fileId: number): Promise<{ file: AlbumFileModel; object: StoredObject }> {
    const row = await this.fileRow(user, fileId);
    if (!row.storageKey)
      throw new AppException('NOT_FOUND', { field: 'fileId', userMessage: 'Este video se ve en su URL.' });
    const object = await this.storage.readPrivate(row.storageKey);
    if (!object)
      throw new AppException('NOT_FOUND', { field: 'fileId', userMessage: 'El archivo no existe.' });
    return { file: toFileModel(row), object };
  }

  private async albumRow(user: AuthUser, id: number, field: string): Promise<AlbumRow> {
    const row = firstRow<AlbumRow>(
      await this.dataSource.query(
        `SELECT id, "companyId", "spaceId", "parentId", "isRoot", name FROM albums WHERE id = $1`,
        [id],
      ),
    );
    if (!row) throw this.albumNotFound(field);
    // Tenancy (ARCHITECTURE rule 3): another company's album is refused, whatever id is sent.
    if (row.companyId !== user.companyId)
      throw new AppException('FORBIDDEN', { message: 'Album of another company' });
    // An album of a space the caller is not in reads as one that does not exist.
    if (!(await mayUseSpace(this.dataSource, user, row.spaceId))) throw this.albumNotFound(field);
    return row;
  }

  private async fileRow(user: AuthUser, id: number): Promise<FileRow> {
    const row = firstRow<FileRow & { spaceId: number }>(
      queryRows(
        await this.dataSource.query(
          `SELECT ${FILE_COLUMNS}, a."spaceId" FROM files f JOIN albums a ON a.id = f."albumId" WHERE f.id = $1`,
          [id],
        ),
      ),
    );
    const notFound = new AppException('NOT_FOUND', { field: 'fileId', userMessage: 'El archivo no existe.' });
    if (!row) throw notFound;
    if (row.companyId !== user.companyId)
      throw new AppException('FORBIDDEN', { message: 'File of another company' });
    // A file of a space the caller is not in reads as one that does not exist.
    if (!(await mayUseSpace(this.dataSource, user, row.spaceId))) throw notFound;
    const { spaceId: _spaceId, ...file } = row;
    return file;
  }

  private albumNotFound(field: string): AppException {
    return new AppException('NOT_FOUND', { field, userMessage: 'El álbum no existe.' });
  }

  private duplicatedFile(names: string[]): AppException {
    return new AppException('ERROR_DUPLICATED_FILE', {
      field: 'files',
      userMessage: `Ya existe un archivo con ese nombre: ${names.join(', ')}`,
    });
  }

  // The rows are gone already; an object left behind by a storage failure costs space, not correctness.
  private async removeObjects(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.storage.removePrivate(key).catch((error: unknown) => {
        this.logger.warn(`could not remove stored file ${key}: ${String(error)}`);
      });
    }
  }
}
