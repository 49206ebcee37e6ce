import { createHmac } from 'node:crypto';
import {
  type ConversationChangeReason,
  type ConversationView,
  cleanedName,
  companyScopedKey,
  companySettings,
  DEFAULT_COMPANY_SETTINGS,
  DEFAULT_TAG_COLOR,
  REASSIGNED_TAG_NAME,
  ROLE_NAMES,
} from '@crm/shared';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { SecretBox } from '../../common/crypto/secret-box';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { firstRow, queryRows } from '../../database/query-rows';
import { RealtimeService } from '../../realtime/realtime.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { Company } from '../companies/entities/company.entity';
import { SendMessageInput } from '../messages/dto/send-message.input';
import { MessagesService } from '../messages/messages.service';
import { SurveyConfig } from '../surveys/entities/survey-config.entity';

const CRM_TIMEOUT_MS = 10_000;

/**
 * The conversation actions of 02 §1/§4 (issue 4). Every action checks that the caller sees the conversation
 * (02 §6), changes it in one statement, and tells the rooms that see it, with the conversation's new view so
 * each open list decides by its own filters whether to keep, add or drop it.
 */
@Injectable()
export class ConversationActionsService {
  private readonly logger = new Logger(ConversationActionsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientsService,
    private readonly messages: MessagesService,
    private readonly realtime: RealtimeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private emitChanged(view: ConversationView, reason: ConversationChangeReason): void {
    this.realtime.emit(conversationRooms(view), 'openClient', { client: view, reason });
  }

  /** 02 §4 Reassignment: new agent (null = 'Sin asignar'), tag 'Reasignada', the old agent loses it live. */
  async reassign(user: AuthUser, clientId: number, agentId: number | null): Promise<ConversationView> {
    const { client, channel } = await this.clients.getVisible(user, clientId);
    if (agentId !== null) {
      const agent = firstRow<{
        companyId: number;
        inSpace: boolean;
        everySpace: boolean;
        isAvailable: boolean;
        onlyAvailable: boolean;
      }>(
        await this.dataSource.query(
          `SELECT u."companyId", r.name IN ($3, $4) AS "everySpace", u."isAvailable",
             coalesce((SELECT (co.settings->>'forceActiveAgentsReassignation')::boolean
                         FROM companies co WHERE co.id = u."companyId"), $5) AS "onlyAvailable",
             EXISTS (SELECT 1 FROM user_spaces us JOIN space_channels sc ON sc."spaceId" = us."spaceId"
               WHERE us."userId" = u.id AND sc."channelId" = $2) AS "inSpace"
           FROM users u JOIN roles r ON r.id = u."roleId" WHERE u.id = $1`,
          [
            agentId,
            channel.id,
            ROLE_NAMES.admin,
            ROLE_NAMES.superadmin,
            DEFAULT_COMPANY_SETTINGS.forceActiveAgentsReassignation,
          ],
        ),
      );
      if (!agent || agent.companyId !== user.companyId) {
        throw AppException.validation('agentId', 'El agente no existe en tu empresa.');
      }
      if (!agent.inSpace && !agent.everySpace) {
        throw AppException.validation('agentId', 'El agente no tiene acceso al canal de esta conversación.');
      }
      // 02 §3 forceActiveAgentsReassignation.
      if (agent.onlyAvailable && !agent.isAvailable) {
        throw AppException.validation('agentId', 'El agente no está disponible.');
      }
    }
    if (client.agentId === agentId) return this.clients.view(clientId);
    return this.assign(user, clientId, client.agentId, { agentId });
  }

  /**
   * 02 §3 isShowGroupsAtReassign: a conversation given to a group waits, unassigned, for its group admin to pass
   * it to one of their agents (group admins see the conversations whose groupAdminId is theirs, 02 §6).
   */
  async reassignToGroup(user: AuthUser, clientId: number, groupAdminId: number): Promise<ConversationView> {
    const { client } = await this.clients.getVisible(user, clientId);
    if (!(await this.settings(user.companyId)).isShowGroupsAtReassign) {
      throw AppException.validation('groupAdminId', 'La reasignación a grupos está desactivada.');
    }
    const leader = firstRow<{ companyId: number; roleName: string }>(
      await this.dataSource.query(
        `SELECT u."companyId", r.name AS "roleName" FROM users u JOIN roles r ON r.id = u."roleId" WHERE u.id = $1`,
        [groupAdminId],
      ),
    );
    if (!leader || leader.companyId !== user.companyId || leader.roleName !== ROLE_NAMES.groupadmin) {
      throw AppException.validation('groupAdminId', 'El grupo no existe en tu empresa.');
    }
    if (client.agentId === null && client.groupAdminId === groupAdminId) return this.clients.view(clientId);
    return this.assign(user, clientId, client.agentId, { agentId: null, groupAdminId });
  }

  /** The new owner, the 'Reasignada' tag, and the previous agent losing the conversation live. */
  private async assign(
    user: AuthUser,
    clientId: number,
    previousAgentId: number | null,
    owner: { agentId: number | null; groupAdminId?: number },
  ): Promise<ConversationView> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE clients SET "agentId" = $2, "groupAdminId" = CASE WHEN $3::int IS NULL THEN "groupAdminId" ELSE $3 END,
                "updatedAt" = now() WHERE id = $1`,
        [clientId, owner.agentId, owner.groupAdminId ?? null],
      );
      const tagId = await this.ensureDefaultTag(manager, user.companyId, REASSIGNED_TAG_NAME);
      await manager.query(
        `INSERT INTO client_tags ("clientId", "tagId") VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [clientId, tagId],
      );
    });
    const view = await this.clients.view(clientId);
    if (previousAgentId !== null && previousAgentId !== owner.agentId) {
      // Those who saw the conversation through its previous agent (the agent and whoever administers them) lose
      // it; its group admin keeps it unless the new owner says otherwise, and hears of that through openClient.
      this.realtime.emit(
        conversationRooms({ companyId: view.companyId, agentId: previousAgentId, groupAdminId: null }),
        'unassignClient',
        {
          clientId,
          agentId: previousAgentId,
          client: view,
        },
      );
    }
    this.emitChanged(view, 'reassigned');
    return view;
  }

  /** A predefined tag of the company, created the first time it is needed. */
  async ensureDefaultTag(manager: EntityManager, companyId: number, name: string): Promise<number> {
    const row = firstRow<{ id: number }>(
      await manager.query(
        `INSERT INTO tags ("companyId", name, color, key, "isDefault") VALUES ($1, $2, $3, $4, true)
         ON CONFLICT (key) DO UPDATE SET "isDefault" = true RETURNING id`,
        [companyId, name, DEFAULT_TAG_COLOR, companyScopedKey(companyId, name)],
      ),
    );
    if (!row) throw new Error('tag upsert returned nothing');
    return row.id;
  }

  async addTag(user: AuthUser, clientId: number, tagId: number): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    const tag = firstRow<{ companyId: number }>(
      await this.dataSource.query(`SELECT "companyId" FROM tags WHERE id = $1`, [tagId]),
    );
    if (!tag || tag.companyId !== user.companyId) {
      throw AppException.validation('tagId', 'La etiqueta no existe.');
    }
    await this.dataSource.query(
      `INSERT INTO client_tags ("clientId", "tagId") VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [clientId, tagId],
    );
    return this.emitTags(clientId);
  }

  async removeTag(user: AuthUser, clientId: number, tagId: number): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    await this.dataSource.query(`DELETE FROM client_tags WHERE "clientId" = $1 AND "tagId" = $2`, [
      clientId,
      tagId,
    ]);
    return this.emitTags(clientId);
  }

  private async emitTags(clientId: number): Promise<ConversationView> {
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'tagsUpdate', { clientId, tags: view.tags, client: view });
    return view;
  }

  /** Archive / unarchive. Unarchiving is an admin's call when the company turned canUnarchiveConversations off. */
  async setArchived(user: AuthUser, clientId: number, archived: boolean): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    if (!archived) {
      const settings = await this.settings(user.companyId);
      const isAdmin = user.roleName === ROLE_NAMES.admin || user.roleName === ROLE_NAMES.superadmin;
      if (!settings.canUnarchiveConversations && !isAdmin) {
        throw new AppException('FORBIDDEN', {
          message: 'Unarchiving is disabled for non-admins',
          userMessage: 'Tu empresa no permite desarchivar conversaciones.',
        });
      }
    }
    await this.dataSource.query(`UPDATE clients SET "isArchived" = $2, "updatedAt" = now() WHERE id = $1`, [
      clientId,
      archived,
    ]);
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'archived', { clientId, isArchived: archived, client: view });
    return view;
  }

  async setValuable(user: AuthUser, clientId: number, valuable: boolean): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    await this.dataSource.query(
      `UPDATE clients SET "isConversationValuable" = $2, "setValuableByUser" = true, "updatedAt" = now()
       WHERE id = $1`,
      [clientId, valuable],
    );
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'conversationValuable', {
      clientId,
      isConversationValuable: valuable,
      client: view,
    });
    return view;
  }

  /** The follow-up flag (02 §1 "set a follow-up flag"); scheduled follow-up messages also keep it up. */
  async setFollowUpFlag(user: AuthUser, clientId: number, flag: boolean): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    await this.dataSource.query(
      `UPDATE clients SET "hasFollowUpMessage" = $2, "updatedAt" = now() WHERE id = $1`,
      [clientId, flag],
    );
    const view = await this.clients.view(clientId);
    this.emitChanged(view, 'followUp');
    return view;
  }

  async rename(user: AuthUser, clientId: number, name: string): Promise<ConversationView> {
    const { client } = await this.clients.getVisible(user, clientId);
    const trimmed = name.trim();
    if (!trimmed) throw AppException.validation('name', 'Nombre obligatorio');
    if (trimmed.length > 200) throw AppException.validation('name', 'El nombre es demasiado largo.');
    await this.dataSource.query(
      `UPDATE clients SET name = $2, "cleanedName" = $3, "updatedAt" = now() WHERE id = $1`,
      [clientId, trimmed, cleanedName(trimmed, client.senderId)],
    );
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'newUserName', { clientId, name: trimmed, client: view });
    return view;
  }

  async setCategory(user: AuthUser, clientId: number, categoryId: number | null): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    if (categoryId !== null) {
      const category = firstRow<{ companyId: number }>(
        await this.dataSource.query(`SELECT "companyId" FROM categories WHERE id = $1`, [categoryId]),
      );
      if (!category || category.companyId !== user.companyId) {
        throw AppException.validation('categoryId', 'La categoría no existe.');
      }
    }
    await this.dataSource.query(`UPDATE clients SET "categoryId" = $2, "updatedAt" = now() WHERE id = $1`, [
      clientId,
      categoryId,
    ]);
    const view = await this.clients.view(clientId);
    this.emitChanged(view, 'category');
    return view;
  }

  /**
   * Close: with the survey when asked or when the company sends it by default (02 §3 settings) and the channel
   * has an active survey; archived too when the company archives closed conversations by default.
   */
  async close(
    user: AuthUser,
    clientId: number,
    sendSurvey: boolean | null,
  ): Promise<{ client: ConversationView; surveySent: boolean }> {
    const { client } = await this.clients.getVisible(user, clientId);
    const settings = await this.settings(user.companyId);
    const wantsSurvey = sendSurvey ?? settings.sentClientSurveyByDefault;
    let surveySent = false;
    if (wantsSurvey) {
      const survey = await this.activeSurvey(client.channelId);
      if (survey) {
        const options = [...survey.options].sort((a, b) => a.index - b.index);
        const text = [survey.initText, '', ...options.map((o) => `${o.value}. ${o.text}`)].join('\n').trim();
        try {
          await this.messages.send(user, Object.assign(new SendMessageInput(), { clientId, text }));
          surveySent = true;
        } catch (error) {
          // Closing still happens: outside the reply window a survey cannot go out as free text.
          this.logger.warn(`survey not sent to conversation ${clientId}: ${String(error)}`);
        }
      }
    }
    await this.dataSource.query(
      `UPDATE clients SET "isClosed" = true, "isArchived" = "isArchived" OR $2, "updatedAt" = now() WHERE id = $1`,
      [clientId, settings.archiveClosedClientByDefault],
    );
    const view = await this.clients.view(clientId);
    if (view.isArchived && !client.isArchived) {
      this.realtime.emit(conversationRooms(view), 'archived', { clientId, isArchived: true, client: view });
    }
    this.emitChanged(view, 'closed');
    return { client: view, surveySent };
  }

  async closeOptions(
    user: AuthUser,
    clientId: number,
  ): Promise<{ canClose: boolean; surveyAvailable: boolean; surveyByDefault: boolean }> {
    const { client } = await this.clients.getVisible(user, clientId);
    const settings = await this.settings(user.companyId);
    const survey = await this.activeSurvey(client.channelId);
    return {
      canClose: settings.showClientCloseOption,
      surveyAvailable: survey !== null,
      surveyByDefault: settings.sentClientSurveyByDefault,
    };
  }

  async reopen(user: AuthUser, clientId: number): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    await this.dataSource.query(`UPDATE clients SET "isClosed" = false, "updatedAt" = now() WHERE id = $1`, [
      clientId,
    ]);
    const view = await this.clients.view(clientId);
    this.emitChanged(view, 'reopened');
    return view;
  }

  /** deleteConversations: the conversations and everything hanging from them (messages, tags, follow-ups). */
  async deleteConversations(user: AuthUser, clientIds: number[]): Promise<number[]> {
    const unique = [...new Set(clientIds)];
    if (unique.length === 0)
      throw AppException.validation('clientIds', 'Selecciona al menos una conversación.');
    const visible: Array<{
      companyId: number;
      agentId: number | null;
      groupAdminId: number | null;
      id: number;
    }> = [];
    for (const id of unique) {
      const { client } = await this.clients.getVisible(user, id);
      visible.push(client);
    }
    const deleted = queryRows<{ id: number }>(
      await this.dataSource.query(
        `DELETE FROM clients WHERE id = ANY($1) AND "companyId" = $2 RETURNING id`,
        [unique, user.companyId],
      ),
    ).map((r) => r.id);
    for (const client of visible) {
      if (deleted.includes(client.id)) {
        this.realtime.emit(conversationRooms(client), 'deleteConversation', { clientId: client.id });
      }
    }
    return deleted;
  }

  /**
   * POST /sendToCRM: the contact as JSON to the company's CRM webhook, signed with HMAC-SHA256 of the body
   * (header X-CRM-Signature: sha256=<hex>) so the CRM can tell it came from us.
   */
  async sendToCrm(user: AuthUser, clientId: number): Promise<{ sent: true }> {
    await this.clients.getVisible(user, clientId);
    const company = await this.dataSource.manager.findOneByOrFail(Company, { id: user.companyId });
    if (!company.crmWebhookUrl) {
      throw new AppException('ERROR_SENDING_TO_CRM', { message: 'No CRM webhook configured' });
    }
    const view = await this.clients.view(clientId);
    const info = queryRows<{ field: string; value: string }>(
      await this.dataSource.query(
        `SELECT f.name AS field, i.value FROM client_infos i JOIN datasheet_fields f ON f.id = i."fieldId"
         WHERE i."clientId" = $1 ORDER BY f.name`,
        [clientId],
      ),
    );
    const body = JSON.stringify({
      event: 'contact',
      sentAt: new Date().toISOString(),
      sentBy: { id: user.id },
      contact: {
        id: view.id,
        name: view.name,
        phone: view.senderId,
        channel: view.channel,
        agent: view.agent,
        category: view.category,
        tags: view.tags.map((t) => t.name),
        createdAt: view.createdAt,
        lastUpdate: view.lastUpdate,
        info,
      },
    });
    const secret = company.crmWebhookSecret
      ? new SecretBox(this.config.encryptionKey).open(company.crmWebhookSecret)
      : '';
    const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    try {
      const response = await fetch(company.crmWebhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-crm-signature': signature },
        body,
        signal: AbortSignal.timeout(CRM_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`CRM answered ${response.status}`);
    } catch (error) {
      this.logger.warn(`sendToCRM for conversation ${clientId} failed: ${String(error)}`);
      throw new AppException('ERROR_SENDING_TO_CRM', { message: String(error) });
    }
    return { sent: true };
  }

  private activeSurvey(channelId: number): Promise<SurveyConfig | null> {
    return this.dataSource.manager.findOneBy(SurveyConfig, { channelId, isActive: true });
  }

  private async settings(companyId: number) {
    const company = await this.dataSource.manager.findOneByOrFail(Company, { id: companyId });
    return companySettings(company.settings);
  }
}
