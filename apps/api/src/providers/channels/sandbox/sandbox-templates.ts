import { randomUUID } from 'node:crypto';
import { SANDBOX_FAILURE_MARK, templateBodyText } from '@crm/shared';
import {
  type ChannelCredentials,
  ProviderError,
  type ProviderTemplate,
  type SubmittedTemplate,
  type TemplateMediaFile,
  type TemplateProviderPort,
  type TemplateStatusEvent,
  type TemplateSubmission,
  type WebhookEvent,
} from '../channel-provider';

export interface SandboxTemplatesOptions {
  /** Hands the review's verdict to the inbox after a delay, as WhatsApp's status webhook would. */
  schedule: (events: WebhookEvent[], delayMs: number) => Promise<void>;
  /** Time from a submission to its verdict. */
  delayMs: number;
}

interface ReviewedTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  components: unknown[];
  verdict: 'APPROVED' | 'REJECTED';
  reason: string | null;
  decidedAt: number;
}

/**
 * WhatsApp's template review, simulated (ARCHITECTURE rule 10): a template is submitted PENDING and, after the
 * configured delay, approved through the same path a status webhook takes (a sandbox-events job); one whose text
 * has the failure mark (#fallo) is rejected instead, so the denied state can be tried too. The account of a
 * sandbox channel is the channel itself; what it holds lives in this process, as a provider's state lives at the
 * provider (a restart forgets it: deleting a forgotten template answers TEMPLATE_NOT_FOUND, which the caller
 * reads as already gone).
 */
export class SandboxTemplates implements TemplateProviderPort {
  private readonly accounts = new Map<string, Map<string, ReviewedTemplate>>();

  constructor(private readonly options: SandboxTemplatesOptions) {}

  async createTemplate(
    channel: ChannelCredentials,
    template: TemplateSubmission,
  ): Promise<SubmittedTemplate> {
    const account = this.account(channel);
    const key = `${template.name}:${template.language}`;
    if (account.has(key)) {
      throw new ProviderError(
        'TEMPLATE_ALREADY_EXISTS',
        false,
        `The sandbox already has ${template.name} in ${template.language}`,
      );
    }
    const failed = templateBodyText(template.components).toLowerCase().includes(SANDBOX_FAILURE_MARK);
    const reviewed: ReviewedTemplate = {
      id: `sandbox-template.${randomUUID()}`,
      name: template.name,
      language: template.language,
      category: template.category.toUpperCase(),
      components: template.components,
      verdict: failed ? 'REJECTED' : 'APPROVED',
      reason: failed ? 'INVALID_FORMAT' : null,
      decidedAt: Date.now() + this.options.delayMs,
    };
    account.set(key, reviewed);
    const verdict: TemplateStatusEvent = {
      kind: 'templateStatus',
      accountId: channel.providerId,
      channelProviderId: channel.providerId,
      providerTemplateId: reviewed.id,
      name: reviewed.name,
      language: reviewed.language,
      rawStatus: reviewed.verdict,
      reason: reviewed.reason ?? 'NONE',
      at: new Date(reviewed.decidedAt),
    };
    await this.options.schedule([verdict], this.options.delayMs);
    return { providerTemplateId: reviewed.id, rawStatus: 'PENDING', accountId: channel.providerId };
  }

  /** The file stays ours: the handle only has to be a value the creation call can carry. */
  async uploadTemplateMedia(_channel: ChannelCredentials, file: TemplateMediaFile): Promise<string> {
    if (file.bytes.byteLength === 0) {
      throw new ProviderError('TEMPLATE_MEDIA_UPLOAD_ERROR', false, 'The sandbox received an empty file');
    }
    return `sandbox-media.${randomUUID()}`;
  }

  async listTemplates(channel: ChannelCredentials): Promise<ProviderTemplate[]> {
    const now = Date.now();
    return [...this.account(channel).values()].map((template) => {
      const decided = now >= template.decidedAt;
      return {
        providerTemplateId: template.id,
        name: template.name,
        language: template.language,
        category: template.category,
        rawStatus: decided ? template.verdict : 'PENDING',
        reason: decided ? template.reason : null,
        components: template.components,
        accountId: channel.providerId,
      };
    });
  }

  async deleteTemplate(
    channel: ChannelCredentials,
    name: string,
    providerTemplateId?: string,
  ): Promise<void> {
    const account = this.account(channel);
    const doomed = [...account.entries()].filter(
      ([, template]) =>
        template.name === name && (providerTemplateId === undefined || template.id === providerTemplateId),
    );
    if (doomed.length === 0) {
      throw new ProviderError('TEMPLATE_NOT_FOUND', false, `The sandbox has no template ${name}`);
    }
    for (const [key] of doomed) account.delete(key);
  }

  private account(channel: ChannelCredentials): Map<string, ReviewedTemplate> {
    let account = this.accounts.get(channel.providerId);
    if (!account) {
      account = new Map();
      this.accounts.set(channel.providerId, account);
    }
    return account;
  }
}
