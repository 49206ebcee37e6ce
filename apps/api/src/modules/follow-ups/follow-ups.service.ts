import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { firstRow, queryRows } from '../../database/query-rows';
import { RealtimeService } from '../../realtime/realtime.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import type { FollowUpInput } from './dto/follow-up.input';
import type { FollowUpMessageModel } from './models/follow-up-message.model';

const SELECT = `SELECT f.id, f."clientId", f."channelId", f."agentId", u.name AS "agentName", f.content,
    to_json(f."sendAt") #>> '{}' AS "sendAt", f."templateId", t.name AS "templateName", f.variables, f.file, f.status
  FROM follow_up_messages f LEFT JOIN users u ON u.id = f."agentId" LEFT JOIN whatsapp_templates t ON t.id = f."templateId"`;

/**
 * Scheduled follow-up messages of a conversation (02 §3, §4): created, edited and deleted here; sending them is
 * the follow-ups job's work. The conversation's hasFollowUpMessage flag follows in the same transaction, so a
 * failed creation never leaves the flag up (02 §4 rollback) and deleting the last one lowers it.
 */
@Injectable()
export class FollowUpsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
  ) {}

  async list(user: AuthUser, clientId: number): Promise<FollowUpMessageModel[]> {
    await this.clients.getVisible(user, clientId);
    return this.dataSource.query(
      `${SELECT} WHERE f."clientId" = $1 AND f.status = 'scheduled' ORDER BY f."sendAt", f.id`,
      [clientId],
    );
  }

  async create(user: AuthUser, clientId: number, input: FollowUpInput): Promise<FollowUpMessageModel> {
    const { client } = await this.clients.getVisible(user, clientId);
    const checked = await this.check(user, client, input);
    const id = await this.dataSource.transaction(async (manager) => {
      const row = firstRow<{ id: number }>(
        await manager.query(
          `INSERT INTO follow_up_messages ("companyId", "clientId", "channelId", "agentId", content, "sendAt", "templateId", variables, file)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
          [
            user.companyId,
            clientId,
            client.channelId,
            user.id,
            checked.content,
            checked.sendAt,
            checked.templateId,
            JSON.stringify(checked.variables),
            checked.file ? JSON.stringify(checked.file) : null,
          ],
        ),
      );
      await this.syncFlag(manager, clientId);
      return row?.id;
    });
    await this.publish(clientId);
    return this.one(id ?? 0);
  }

  async update(user: AuthUser, id: number, input: FollowUpInput): Promise<FollowUpMessageModel> {
    const existing = await this.owned(user, id);
    const { client } = await this.clients.getVisible(user, existing.clientId);
    const checked = await this.check(user, client, input);
    await this.dataSource.query(
      `UPDATE follow_up_messages SET content = $2, "sendAt" = $3, "templateId" = $4, variables = $5, file = $6,
         "updatedAt" = now() WHERE id = $1 AND status = 'scheduled'`,
      [
        id,
        checked.content,
        checked.sendAt,
        checked.templateId,
        JSON.stringify(checked.variables),
        checked.file ? JSON.stringify(checked.file) : null,
      ],
    );
    return this.one(id);
  }

  async remove(user: AuthUser, id: number): Promise<number> {
    const existing = await this.owned(user, id);
    await this.clients.getVisible(user, existing.clientId);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM follow_up_messages WHERE id = $1`, [id]);
      await this.syncFlag(manager, existing.clientId);
    });
    await this.publish(existing.clientId);
    return id;
  }

  private async one(id: number): Promise<FollowUpMessageModel> {
    const row = firstRow<FollowUpMessageModel>(
      await this.dataSource.query(`${SELECT} WHERE f.id = $1`, [id]),
    );
    if (!row) throw new AppException('ERROR_GETTING_FOLLOW_UP_MESSAGES');
    return row;
  }

  private async owned(user: AuthUser, id: number): Promise<{ clientId: number; status: string }> {
    const row = firstRow<{ clientId: number; companyId: number; status: string }>(
      await this.dataSource.query(
        `SELECT "clientId", "companyId", status FROM follow_up_messages WHERE id = $1`,
        [id],
      ),
    );
    if (!row)
      throw new AppException('NOT_FOUND', { field: 'id', userMessage: 'El mensaje programado no existe.' });
    if (row.companyId !== user.companyId)
      throw new AppException('FORBIDDEN', { message: 'Follow-up of another company' });
    if (row.status !== 'scheduled') {
      throw AppException.validation('id', 'Este mensaje programado ya se envió o se canceló.');
    }
    return row;
  }

  private async check(
    user: AuthUser,
    client: { channelId: number; windowExpiresAt: Date | null },
    input: FollowUpInput,
  ): Promise<{
    content: string;
    sendAt: Date;
    templateId: number | null;
    variables: string[];
    file: FollowUpInput['file'];
  }> {
    const sendAt = new Date(input.sendAt);
    if (Number.isNaN(sendAt.getTime())) throw AppException.validation('sendAt', 'Fecha de envío inválida');
    if (sendAt.getTime() <= Date.now()) {
      throw AppException.validation('sendAt', 'La fecha de envío debe ser posterior a este momento.');
    }
    const content = (input.content ?? '').trim();
    const variables = (input.variables ?? []).map((v) => v.trim());
    const templateId = input.templateId ?? null;
    if (templateId !== null) {
      const template = firstRow<{ companyId: number; channelId: number; status: string; variables: number }>(
        await this.dataSource.query(
          `SELECT "companyId", "channelId", status, variables FROM whatsapp_templates WHERE id = $1`,
          [templateId],
        ),
      );
      if (!template || template.companyId !== user.companyId || template.channelId !== client.channelId) {
        throw AppException.validation(
          'templateId',
          'La plantilla no pertenece al canal de esta conversación.',
        );
      }
      if (template.status !== 'accepted') {
        throw AppException.validation('templateId', 'La plantilla aún no está aprobada.');
      }
      if (variables.length !== template.variables || variables.some((v) => v === '')) {
        throw AppException.validation(
          'variables',
          `La plantilla necesita ${template.variables} variable(s).`,
        );
      }
    } else {
      if (!content && !input.file)
        throw AppException.validation('content', 'Escribe el mensaje o elige una plantilla.');
      // Free text goes out only inside the reply window: a follow-up due after it closes needs a template.
      if (!client.windowExpiresAt || client.windowExpiresAt.getTime() <= sendAt.getTime()) {
        throw AppException.validation(
          'templateId',
          'A esa hora la ventana de respuesta estará cerrada: elige una plantilla aprobada.',
        );
      }
    }
    return { content, sendAt, templateId, variables, file: input.file ?? null };
  }

  private async syncFlag(manager: EntityManager, clientId: number): Promise<void> {
    await manager.query(
      `UPDATE clients SET "hasFollowUpMessage" = EXISTS (
         SELECT 1 FROM follow_up_messages WHERE "clientId" = $1 AND status = 'scheduled'), "updatedAt" = now()
       WHERE id = $1`,
      [clientId],
    );
  }

  private async publish(clientId: number): Promise<void> {
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'openClient', { client: view, reason: 'followUp' });
  }

  /** For tests and the follow-ups job: scheduled ones due by `now`. */
  async due(now: Date): Promise<number[]> {
    return queryRows<{ id: number }>(
      await this.dataSource.query(
        `SELECT id FROM follow_up_messages WHERE status = 'scheduled' AND "sendAt" <= $1 ORDER BY "sendAt"`,
        [now],
      ),
    ).map((r) => r.id);
  }
}
