import { DATASHEET_FIELD_MESSAGES, validateDatasheetValue } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { RealtimeService } from '../../realtime/realtime.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { DatasheetRepository } from './datasheet.repository';
import type { ClientInfoModel } from './models/datasheet.model';

/** The client info panel's data sheet: one conversation's values of the company's fields (02 §3). */
@Injectable()
export class DatasheetValuesService {
  constructor(
    private readonly datasheet: DatasheetRepository,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
  ) {}

  async list(user: AuthUser, clientId: number): Promise<ClientInfoModel[]> {
    await this.clients.getVisible(user, clientId);
    return this.datasheet.values(clientId);
  }

  /** Saves one value, validated by the field's type; an empty value removes it. Answers the stored entry. */
  async save(
    user: AuthUser,
    clientId: number,
    fieldId: number,
    raw: string,
  ): Promise<ClientInfoModel | null> {
    const { client } = await this.clients.getVisible(user, clientId);
    const field = await this.datasheet.rules(fieldId);
    if (!field || field.companyId !== user.companyId) {
      throw AppException.validation('fieldId', DATASHEET_FIELD_MESSAGES.notFound);
    }
    const value = raw.trim();
    const error = validateDatasheetValue(field, value);
    if (error) throw AppException.validation('value', error);
    let saved: ClientInfoModel | null = null;
    if (value === '') await this.datasheet.deleteValue(clientId, fieldId);
    else saved = (await this.datasheet.saveValue(clientId, fieldId, value)) ?? null;
    const view = await this.clients.view(client.id);
    this.realtime.emit(conversationRooms(view), 'openClient', { client: view, reason: 'info' });
    return saved;
  }
}
