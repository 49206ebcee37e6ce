import { createHmac } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { secretBoxFor } from '../../common/crypto/secret-box';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ClientsService } from '../clients/clients.service';
import { ConversationsRepository } from '../clients/conversations.repository';
import { CompaniesRepository } from '../companies/companies.repository';

const CRM_TIMEOUT_MS = 10_000;

/** POST /sendToCRM (02 §7): a contact handed to the company's own CRM. */
@Injectable()
export class ConversationCrmService {
  private readonly logger = new Logger(ConversationCrmService.name);

  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly companies: CompaniesRepository,
    private readonly clients: ClientsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The contact as JSON to the company's CRM webhook, signed with HMAC-SHA256 of the body (header
   * X-CRM-Signature: sha256=<hex>) so the CRM can tell it came from us.
   */
  async sendToCrm(user: AuthUser, clientId: number): Promise<{ sent: true }> {
    await this.clients.getVisible(user, clientId);
    const company = await this.companies.findById(user.companyId);
    if (!company) throw new Error(`company ${user.companyId} not found`);
    if (!company.crmWebhookUrl) {
      throw new AppException('ERROR_SENDING_TO_CRM', { message: 'No CRM webhook configured' });
    }
    const view = await this.clients.view(clientId);
    const info = await this.conversations.crmInfo(clientId);
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
    const secret = company.crmWebhookSecret ? secretBoxFor(this.config).open(company.crmWebhookSecret) : '';
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
}
