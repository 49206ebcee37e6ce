import {
  CONTACT_MESSAGES,
  CONTACT_NAME_MAX,
  type ConversationView,
  cleanedName,
  isImportablePhone,
  isPhoneBased,
  normalizePhone,
  SPACE_MESSAGES,
  VALIDATION_MESSAGES,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { RealtimeService } from '../../realtime/realtime.service';
import { type ChannelRow, ChannelsRepository } from '../channels/channels.repository';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { ContactsRepository } from './contacts.repository';

export type PhoneChannel = Pick<ChannelRow, 'id' | 'companyId' | 'platform' | 'name'>;

/** 02 §5 Contacts: a phone typed by a person, normalised (52→521, 54→549), a number of its country, or a 400 on the field. */
export function contactPhone(raw: string, field = 'phone'): string {
  // Issue 19: letters are refused with the form's own text; normalising alone would drop them and store another
  // number ('52-55-ABC-0003' became 521550003). Separators a person types (+, spaces, dashes) stay allowed.
  if (/\p{L}/u.test(raw ?? '')) throw AppException.validation(field, VALIDATION_MESSAGES.digitsOnly);
  const phone = normalizePhone(raw ?? '');
  if (!phone) throw AppException.validation(field, CONTACT_MESSAGES.phoneRequired);
  if (!isImportablePhone(phone)) throw AppException.validation(field, VALIDATION_MESSAGES.phoneInvalid);
  return phone;
}

/** 02 §7 createClient and the phone edit of a contact (issue 5). */
@Injectable()
export class ContactsService {
  constructor(
    private readonly contacts: ContactsRepository,
    private readonly channels: ChannelsRepository,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
  ) {}

  /** The company's channel a contact can live in, or a 400 on `field`. */
  async phoneChannel(user: AuthUser, channelId: number, field = 'channelId'): Promise<PhoneChannel> {
    const channel = await this.channels.findById(channelId);
    if (!channel || channel.companyId !== user.companyId) {
      throw AppException.validation(field, SPACE_MESSAGES.channelNotFound);
    }
    if (!isPhoneBased(channel.platform)) {
      throw AppException.validation(field, 'Solo se pueden agregar contactos a canales de WhatsApp o SMS.');
    }
    return channel;
  }

  /** 02 §8 createClient: source MANUAL, answered, not archived, assigned to whoever creates it. */
  async create(
    user: AuthUser,
    input: { phone: string; channelId: number; name?: string | null },
  ): Promise<ConversationView> {
    const phone = contactPhone(input.phone);
    const name = input.name?.trim() || null;
    if (name && name.length > CONTACT_NAME_MAX)
      throw AppException.validation('name', CONTACT_MESSAGES.nameTooLong);
    const channel = await this.phoneChannel(user, input.channelId);
    const id = await this.contacts.create({
      companyId: user.companyId,
      channelId: channel.id,
      key: `${channel.id}-${phone}`,
      senderId: phone,
      name,
      cleanedName: cleanedName(name, phone),
      agentId: user.id,
    });
    if (id === undefined) throw new AppException('PHONE_ALREADY_USED', { field: 'phone' });
    return this.clients.view(id);
  }

  /**
   * 02 §5: a contact's new phone, normalised; refused with nothing changed when another contact of the same
   * company and channel has it (the conversation key is channel + phone, so the unique index decides races).
   */
  async updatePhone(user: AuthUser, clientId: number, rawPhone: string): Promise<ConversationView> {
    if (user.permissions.canSeePhoneNumber !== true) {
      throw new AppException('FORBIDDEN', { message: 'canSeePhoneNumber required to edit a phone' });
    }
    const { client, channel } = await this.clients.getVisible(user, clientId);
    if (!isPhoneBased(channel.platform)) {
      throw AppException.validation('phone', CONTACT_MESSAGES.withoutPhone);
    }
    const phone = contactPhone(rawPhone);
    if (phone !== client.senderId) {
      const changed = await this.contacts.changePhone(clientId, {
        senderId: phone,
        key: `${channel.id}-${phone}`,
        cleanedName: cleanedName(client.name, phone),
      });
      if (!changed) throw new AppException('PHONE_ALREADY_USED', { field: 'phone' });
    }
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'openClient', { client: view, reason: 'info' });
    return view;
  }
}
