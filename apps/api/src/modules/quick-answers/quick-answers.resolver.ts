import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { firstRow } from '../../database/query-rows';
import { QuickAnswerModel } from './models/quick-answer.model';

const COLUMNS = `id, "spaceId", shortcut, text, file, to_json("lastUse") #>> '{}' AS "lastUse", frecuency,
  to_json("createdAt") #>> '{}' AS "createdAt"`;

/** Quick answers of the caller's selected space, as the composer's '/' menu offers them (02 §3). */
@Resolver(() => QuickAnswerModel)
export class QuickAnswersResolver {
  constructor(private readonly dataSource: DataSource) {}

  @RequirePermissions('agent', 'readQuickAnswers', 'writeQuickAnswers')
  @Query(() => [QuickAnswerModel])
  quickAnswers(
    @CurrentUser() user: AuthUser,
    @Args('order', { type: () => String, defaultValue: 'desc' }) order: string,
  ): Promise<QuickAnswerModel[]> {
    const direction = order === 'asc' ? 'ASC' : 'DESC';
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM quick_answers WHERE "companyId" = $1 AND "spaceId" = (
         SELECT coalesce(u."selectedSpaceId", (SELECT s.id FROM spaces s WHERE s."companyId" = u."companyId" AND s."isDefault" LIMIT 1))
         FROM users u WHERE u.id = $2)
       ORDER BY "createdAt" ${direction}, id ${direction}`,
      [user.companyId, user.id],
    );
  }

  /** Called when the composer inserts one: keeps lastUse and frecuency for ordering by use. */
  @RequirePermissions('agent', 'readQuickAnswers', 'writeQuickAnswers')
  @Mutation(() => QuickAnswerModel)
  async useQuickAnswer(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<QuickAnswerModel> {
    const row = firstRow<QuickAnswerModel>(
      await this.dataSource.query(
        `UPDATE quick_answers SET "lastUse" = now(), frecuency = frecuency + 1
         WHERE id = $1 AND "companyId" = $2 RETURNING ${COLUMNS}`,
        [id, user.companyId],
      ),
    );
    if (!row)
      throw new AppException('NOT_FOUND', { field: 'id', userMessage: 'La respuesta rápida no existe.' });
    return row;
  }
}
