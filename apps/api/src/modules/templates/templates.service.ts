import {
  companyRoom,
  identifyTemplateVariables,
  type TemplateCategory,
  type TemplateVariableProposal,
  type TemplateView,
} from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import type { Executor } from '../../database/kysely';
import { RealtimeService } from '../../realtime/realtime.service';
import { ChannelsService } from '../channels/channels.service';
import { templateView } from './template-view';
import { TemplatesRepository } from './templates.repository';

export interface IdentifiedVariables {
  category: TemplateCategory;
  /** 02 §7: the proposal's variables as a JSON string when identifying, else null. */
  variables: string | null;
  proposal: Omit<TemplateVariableProposal, 'category'>;
}

/** 02 §7 the template lists, the variable detector, and the real-time news of templates. */
@Injectable()
export class TemplatesService {
  private readonly logger = new Logger(TemplatesService.name);

  constructor(
    private readonly templates: TemplatesRepository,
    private readonly realtime: RealtimeService,
    private readonly channels: ChannelsService,
  ) {}

  /** whatsappTemplates(channelId, status): outside the reply window the composer offers only the accepted ones. */
  async list(
    user: AuthUser,
    channelId: number | null | undefined,
    status: string | null | undefined,
    companyId: number | null | undefined = null,
  ): Promise<TemplateView[]> {
    if (companyId !== null && companyId !== undefined && companyId !== user.companyId) {
      throw new AppException('FORBIDDEN', { message: 'Templates of another company' });
    }
    // Another company's channel is bad input (400 on channelId), as everywhere a channel is named: an empty list
    // would answer for it as if it were the caller's.
    if (channelId !== null && channelId !== undefined)
      await this.channels.getForCompany(user.companyId, channelId);
    const rows = await this.templates.list(user.companyId, {
      channelId: channelId ?? null,
      status: status ?? null,
    });
    return rows.map(templateView);
  }

  /** GET /whatsappTemplate/{companyId}: the caller's own company only, newest first. */
  async listForCompany(user: AuthUser, companyId: number): Promise<TemplateView[]> {
    if (companyId !== user.companyId) {
      throw new AppException('FORBIDDEN', { message: 'Templates of another company' });
    }
    return (await this.templates.listNewestFirst(companyId)).map(templateView);
  }

  /**
   * 02 §7 POST /identify-variables: the rule-based proposal of packages/shared. It never fails on content; should
   * anything go wrong, the spec's fallback (utility, no variables) is the answer.
   */
  identifyVariables(text: string, isIdentifyVariables: boolean): IdentifiedVariables {
    try {
      const { category, ...proposal } = identifyTemplateVariables(text, {
        identifyVariables: isIdentifyVariables,
      });
      return {
        category,
        variables: isIdentifyVariables ? JSON.stringify(proposal.variables) : null,
        proposal,
      };
    } catch (error) {
      this.logger.warn(`identify-variables fell back: ${String(error)}`);
      return {
        category: 'utility',
        variables: isIdentifyVariables ? '[]' : null,
        proposal: { text, originalText: text, variables: [] },
      };
    }
  }

  /** Tells each template's company that it was created or changed (whatsappTemplateUpdated). */
  async publishUpdated(ids: readonly number[], db?: Executor): Promise<TemplateView[]> {
    const rows = await this.templates.views(ids, db);
    for (const row of rows) {
      this.realtime.emit([companyRoom(row.companyId)], 'whatsappTemplateUpdated', templateView(row));
    }
    return rows.map(templateView);
  }

  /** Tells a company that these templates are gone (whatsappTemplateDeleted). */
  publishDeleted(companyId: number, templates: ReadonlyArray<{ id: number; channelId: number }>): void {
    for (const { id, channelId } of templates) {
      this.realtime.emit([companyRoom(companyId)], 'whatsappTemplateDeleted', { id, channelId });
    }
  }
}
