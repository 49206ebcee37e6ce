import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import type { WhatsappTemplateModel } from './models/whatsapp-template.model';
import { TemplatesRepository } from './templates.repository';

/** 02 §7 whatsappTemplates by channel: outside the reply window the composer offers only the accepted ones. */
@Injectable()
export class TemplatesService {
  constructor(private readonly templates: TemplatesRepository) {}

  list(
    user: AuthUser,
    channelId: number | null | undefined,
    status: string | null | undefined,
  ): Promise<WhatsappTemplateModel[]> {
    return this.templates.list(user.companyId, { channelId: channelId ?? null, status: status ?? null });
  }
}
