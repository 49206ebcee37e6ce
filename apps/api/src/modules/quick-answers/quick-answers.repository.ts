import { Injectable } from '@nestjs/common';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { QuickAnswerFile } from '../../database/column-types';
import { jsonb } from '../../database/jsonb';
import { type Database, InjectDatabase } from '../../database/kysely';
import type { DB, QuickAnswers } from '../../database/schema';
import { isUniqueViolation } from '../../database/unique-name';

export type QuickAnswerRow = Selectable<QuickAnswers>;
/** A quick answer as the API answers it: dates as PostgreSQL's JSON text of them. */
export type QuickAnswerView = Pick<
  QuickAnswerRow,
  'id' | 'spaceId' | 'shortcut' | 'text' | 'file' | 'frecuency'
> & {
  lastUse: string | null;
  createdAt: string;
};
export type QuickAnswerWrite = Pick<QuickAnswerRow, 'shortcut' | 'text' | 'file'>;
/** A write refused because the space already has the shortcut (the unique index decided a race). */
export const SHORTCUT_TAKEN = 'shortcut-taken';

// The case-insensitive unique index on ("spaceId", lower(shortcut)), migration 1763876000000.
const SHORTCUT_INDEX = 'UQ_quick_answers_space_lower_shortcut';

function isShortcutConflict(error: unknown): boolean {
  return isUniqueViolation(error, SHORTCUT_INDEX);
}

const columns = (eb: ExpressionBuilder<DB, 'quick_answers'>) =>
  [
    'id',
    'spaceId',
    'shortcut',
    'text',
    'file',
    sql<string | null>`to_json(${eb.ref('lastUse')}) #>> '{}'`.as('lastUse'),
    'frecuency',
    sql<string>`to_json(${eb.ref('createdAt')}) #>> '{}'`.as('createdAt'),
  ] as const;

const fileValue = (file: QuickAnswerFile | null) => (file ? jsonb(file) : null);

/** The quick_answers table (02 §3 Quick answer): per space, the shortcut unique in it whatever its case. */
@Injectable()
export class QuickAnswersRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The space's answers by creation date; `search` (lower case) is looked for in shortcut, text and file name. */
  list(
    companyId: number,
    spaceId: number,
    search: string,
    direction: 'asc' | 'desc',
  ): Promise<QuickAnswerView[]> {
    return this.db
      .selectFrom('quick_answers')
      .select(columns)
      .where('companyId', '=', companyId)
      .where('spaceId', '=', spaceId)
      .$if(search !== '', (qb) =>
        qb.where(
          sql<boolean>`strpos(lower(shortcut || ' ' || text || ' ' || coalesce(file->>'name', '')), ${search}) > 0`,
        ),
      )
      .orderBy('createdAt', direction)
      .orderBy('id', direction)
      .execute();
  }

  byId(id: number): Promise<(QuickAnswerView & { companyId: number }) | undefined> {
    return this.db
      .selectFrom('quick_answers')
      .select(columns)
      .select('companyId')
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Whether the space has the shortcut (case aside) on an answer other than `exceptId`. */
  async shortcutTaken(spaceId: number, shortcut: string, exceptId: number | null): Promise<boolean> {
    const row = await this.db
      .selectFrom('quick_answers')
      .select(sql`1`.as('one'))
      .where('spaceId', '=', spaceId)
      .where((eb) => eb(eb.fn('lower', ['shortcut']), '=', eb.fn('lower', [eb.val(shortcut)])))
      .where('id', '<>', exceptId ?? 0)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async create(
    companyId: number,
    spaceId: number,
    answer: QuickAnswerWrite,
  ): Promise<QuickAnswerView | typeof SHORTCUT_TAKEN> {
    try {
      return await this.db
        .insertInto('quick_answers')
        .values({
          companyId,
          spaceId,
          shortcut: answer.shortcut,
          text: answer.text,
          file: fileValue(answer.file),
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isShortcutConflict(error)) return SHORTCUT_TAKEN;
      throw error;
    }
  }

  /** Undefined when the answer is gone. */
  async update(
    companyId: number,
    id: number,
    answer: QuickAnswerWrite,
  ): Promise<QuickAnswerView | typeof SHORTCUT_TAKEN | undefined> {
    try {
      return await this.db
        .updateTable('quick_answers')
        .set({ shortcut: answer.shortcut, text: answer.text, file: fileValue(answer.file) })
        .where('id', '=', id)
        .where('companyId', '=', companyId)
        .returning(columns)
        .executeTakeFirst();
    } catch (error) {
      if (isShortcutConflict(error)) return SHORTCUT_TAKEN;
      throw error;
    }
  }

  async delete(companyId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('quick_answers')
      .where('id', '=', id)
      .where('companyId', '=', companyId)
      .execute();
  }

  /** Counts a use (lastUse, frecuency) of an answer of one of `spaceIds`; undefined when there is none. */
  markUsed(companyId: number, id: number, spaceIds: number[]): Promise<QuickAnswerView | undefined> {
    return this.db
      .updateTable('quick_answers')
      .set((eb) => ({ lastUse: sql`now()`, frecuency: eb('frecuency', '+', 1) }))
      .where('id', '=', id)
      .where('companyId', '=', companyId)
      .where(sql<boolean>`"spaceId" = ANY(${spaceIds}::int[])`)
      .returning(columns)
      .executeTakeFirst();
  }
}
