import { Injectable } from '@nestjs/common';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';
import type { Albums, DB, Files } from '../../database/schema';
import { isUniqueViolation } from '../../database/unique-name';

export type AlbumRow = Selectable<Albums>;
/** What the access check of an album reads. */
export type AlbumAccess = Pick<AlbumRow, 'id' | 'companyId' | 'spaceId' | 'parentId' | 'isRoot' | 'name'>;
/** An album card: its counts, its parent's name and the latest image for its cover. */
export type AlbumView = Pick<AlbumRow, 'id' | 'name' | 'spaceId' | 'parentId' | 'isRoot'> & {
  parentName: string | null;
  createdAt: string;
  albumsCount: number;
  filesCount: number;
  coverFileId: number | null;
};
export type AlbumFileRowData = Selectable<Files>;
/** A file of an album as read back, its date as PostgreSQL's JSON text of it. */
export type AlbumFileRow = Pick<
  AlbumFileRowData,
  'id' | 'companyId' | 'albumId' | 'name' | 'fileType' | 'mimeType' | 'weight' | 'storageKey' | 'url'
> & { createdAt: string };
/** A stored upload to record in an album. */
export type AlbumUpload = Pick<
  AlbumFileRowData,
  'name' | 'nameKey' | 'fileType' | 'mimeType' | 'weight' | 'storageKey'
>;

export interface MediaPage {
  search: string;
  order: 'creationDate' | 'name';
  skip: number;
  take: number;
}

/** Why a file insert was refused: a name the album has, or the album deleted meanwhile. */
export type FileInsertRefusal = 'duplicated' | 'album-gone';

const refusal = (error: unknown): FileInsertRefusal | undefined => {
  if (isUniqueViolation(error)) return 'duplicated';
  if ((error as { code?: string } | null)?.code === '23503') return 'album-gone';
  return undefined;
};

const count = sql<number>`count(*)::int`;

const fileColumns = (eb: ExpressionBuilder<DB, 'files'>) =>
  [
    'files.id',
    'files.companyId',
    'files.albumId',
    'files.name',
    'files.fileType',
    'files.mimeType',
    'files.weight',
    'files.storageKey',
    'files.url',
    sql<string>`to_json(${eb.ref('files.createdAt')}) #>> '{}'`.as('createdAt'),
  ] as const;

/**
 * albums and files (01 §3): albums per space, a root album holding sub-albums, names unique among siblings and
 * in an album, compared by nameKey.
 */
@Injectable()
export class AlbumsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private albumViews() {
    return this.db
      .selectFrom('albums as a')
      .leftJoin('albums as p', 'p.id', 'a.parentId')
      .select((eb) => [
        'a.id',
        'a.name',
        'a.spaceId',
        'a.parentId',
        'p.name as parentName',
        'a.isRoot',
        sql<string>`to_json(${eb.ref('a.createdAt')}) #>> '{}'`.as('createdAt'),
        eb
          .selectFrom('albums as c')
          .select(count.as('n'))
          .whereRef('c.parentId', '=', 'a.id')
          .$asScalar()
          .$notNull()
          .as('albumsCount'),
        eb
          .selectFrom('files as f')
          .select(count.as('n'))
          .whereRef('f.albumId', '=', 'a.id')
          .$asScalar()
          .$notNull()
          .as('filesCount'),
        eb
          .selectFrom('files as f')
          .select('f.id')
          .whereRef('f.albumId', '=', 'a.id')
          .where('f.fileType', '=', 'IMAGE')
          .where('f.storageKey', 'is not', null)
          .orderBy('f.createdAt', 'desc')
          .orderBy('f.id', 'desc')
          .limit(1)
          .$asScalar()
          .as('coverFileId'),
      ]);
  }

  access(id: number): Promise<AlbumAccess | undefined> {
    return this.db
      .selectFrom('albums')
      .select(['id', 'companyId', 'spaceId', 'parentId', 'isRoot', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  view(id: number): Promise<AlbumView | undefined> {
    return this.albumViews().where('a.id', '=', id).executeTakeFirst();
  }

  /** A page of the space's root albums (parentId null) or of an album's sub-albums, and how many there are. */
  async list(
    companyId: number,
    spaceId: number,
    parentId: number | null,
    page: MediaPage,
  ): Promise<{ items: AlbumView[]; total: number }> {
    const [items, total] = await Promise.all([
      this.albumViews()
        .where('a.companyId', '=', companyId)
        .where('a.spaceId', '=', spaceId)
        .where('a.parentId', parentId === null ? 'is' : '=', parentId)
        .$if(page.search !== '', (qb) => qb.where(sql<boolean>`strpos(lower(a.name), ${page.search}) > 0`))
        .$if(page.order === 'name', (qb) => qb.orderBy('a.nameKey', 'asc').orderBy('a.id', 'asc'))
        .$if(page.order !== 'name', (qb) => qb.orderBy('a.createdAt', 'desc').orderBy('a.id', 'desc'))
        .limit(page.take)
        .offset(page.skip)
        .execute(),
      this.db
        .selectFrom('albums as a')
        .select(count.as('n'))
        .where('a.companyId', '=', companyId)
        .where('a.spaceId', '=', spaceId)
        .where('a.parentId', parentId === null ? 'is' : '=', parentId)
        .$if(page.search !== '', (qb) => qb.where(sql<boolean>`strpos(lower(a.name), ${page.search}) > 0`))
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: total.n };
  }

  /** Whether a sibling (same space and parent) has the name key. */
  async albumNameTaken(spaceId: number, parentId: number | null, nameKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('albums')
      .select(sql`1`.as('one'))
      .where('spaceId', '=', spaceId)
      .where('nameKey', '=', nameKey)
      .where('parentId', parentId === null ? 'is' : '=', parentId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Undefined when a racing sibling took the name (the unique indexes decide). */
  async createAlbum(
    album: Pick<AlbumRow, 'companyId' | 'spaceId' | 'parentId' | 'name' | 'nameKey'>,
  ): Promise<number | undefined> {
    try {
      const row = await this.db
        .insertInto('albums')
        .values({ ...album, isRoot: album.parentId === null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (error) {
      if (refusal(error) === 'duplicated') return undefined;
      throw error;
    }
  }

  /**
   * Deletes the album with its sub-albums and all their files (cascade), in one transaction with reading the
   * storage keys of those files, which are answered for the caller to remove the objects.
   */
  deleteAlbum(companyId: number, albumId: number): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const files = await trx
        .selectFrom('files as f')
        .innerJoin('albums as a', 'a.id', 'f.albumId')
        .select('f.storageKey')
        .where((eb) => eb.or([eb('a.id', '=', albumId), eb('a.parentId', '=', albumId)]))
        .execute();
      await trx.deleteFrom('albums').where('id', '=', albumId).where('companyId', '=', companyId).execute();
      return files.map((f) => f.storageKey).filter((k): k is string => k !== null);
    });
  }

  /** A page of the album's files, and how many there are. */
  async listFiles(albumId: number, page: MediaPage): Promise<{ items: AlbumFileRow[]; total: number }> {
    const [items, total] = await Promise.all([
      this.db
        .selectFrom('files')
        .select(fileColumns)
        .where('files.albumId', '=', albumId)
        .$if(page.search !== '', (qb) =>
          qb.where(sql<boolean>`strpos(lower(files.name), ${page.search}) > 0`),
        )
        .$if(page.order === 'name', (qb) => qb.orderBy('files.nameKey', 'asc').orderBy('files.id', 'asc'))
        .$if(page.order !== 'name', (qb) => qb.orderBy('files.createdAt', 'desc').orderBy('files.id', 'desc'))
        .limit(page.take)
        .offset(page.skip)
        .execute(),
      this.db
        .selectFrom('files')
        .select(count.as('n'))
        .where('files.albumId', '=', albumId)
        .$if(page.search !== '', (qb) =>
          qb.where(sql<boolean>`strpos(lower(files.name), ${page.search}) > 0`),
        )
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: total.n };
  }

  /** The names of the album's files with one of these name keys. */
  async fileNamesTaken(albumId: number, nameKeys: string[]): Promise<string[]> {
    if (nameKeys.length === 0) return [];
    const rows = await this.db
      .selectFrom('files')
      .select('name')
      .where('albumId', '=', albumId)
      .where('nameKey', 'in', nameKeys)
      .execute();
    return rows.map((row) => row.name);
  }

  /** All the uploads recorded, or none (one transaction). */
  async insertFiles(
    companyId: number,
    albumId: number,
    createdById: number,
    uploads: AlbumUpload[],
  ): Promise<AlbumFileRow[] | FileInsertRefusal> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const out: AlbumFileRow[] = [];
        for (const upload of uploads) {
          out.push(
            await trx
              .insertInto('files')
              .values({ companyId, albumId, createdById, ...upload })
              .returning(fileColumns)
              .executeTakeFirstOrThrow(),
          );
        }
        return out;
      });
    } catch (error) {
      const refused = refusal(error);
      if (refused) return refused;
      throw error;
    }
  }

  /** A video given by its URL. */
  async insertVideoUrl(
    companyId: number,
    albumId: number,
    createdById: number,
    video: Pick<AlbumFileRowData, 'name' | 'nameKey' | 'url'>,
  ): Promise<AlbumFileRow | FileInsertRefusal> {
    try {
      return await this.db
        .insertInto('files')
        .values({ companyId, albumId, createdById, fileType: 'VIDEO', ...video })
        .returning(fileColumns)
        .executeTakeFirstOrThrow();
    } catch (error) {
      const refused = refusal(error);
      if (refused) return refused;
      throw error;
    }
  }

  /** A file with the space of its album, for the access check. */
  file(id: number): Promise<(AlbumFileRow & { spaceId: number }) | undefined> {
    return this.db
      .selectFrom('files')
      .innerJoin('albums as a', 'a.id', 'files.albumId')
      .select(fileColumns)
      .select('a.spaceId')
      .where('files.id', '=', id)
      .executeTakeFirst();
  }

  async deleteFile(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('files').where('id', '=', id).where('companyId', '=', companyId).execute();
  }
}
