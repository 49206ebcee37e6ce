import {
  type ConversationView,
  cleanedName,
  isImportablePhone,
  normalizePhone,
  VALIDATION_MESSAGES,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { pgPool } from '../../database/pg-pool';
import { RealtimeService } from '../../realtime/realtime.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';

/** Platforms whose contacts are phone numbers: the ones a contact can be created or imported into. */
export const PHONE_PLATFORMS: ReadonlySet<string> = new Set([
  'whatsapp_cloud',
  'dialog360',
  'sandbox',
  'sms',
]);

export interface PhoneChannel {
  id: number;
  companyId: number;
  platform: string;
  name: string;
}

/** 02 §5 Contacts: a phone typed by a person, normalised (52→521, 54→549), a number of its country, or a 400 on the field. */
export function contactPhone(raw: string, field = 'phone'): string {
  const phone = normalizePhone(raw ?? '');
  if (!phone) throw AppException.validation(field, 'El teléfono es obligatorio.');
  if (!isImportablePhone(phone)) throw AppException.validation(field, VALIDATION_MESSAGES.phoneInvalid);
  return phone;
}

/** 02 §7 createClient and the phone edit of a contact (issue 5). */
@Injectable()
export class ContactsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
  ) {}

  /** The company's channel a contact can live in, or a 400 on `field`. */
  async phoneChannel(user: AuthUser, channelId: number, field = 'channelId'): Promise<PhoneChannel> {
    const { rows } = await pgPool(this.dataSource).query<PhoneChannel>(
      'SELECT id, "companyId", platform, name FROM channels WHERE id = $1',
      [channelId],
    );
    const channel = rows[0];
    if (!channel || channel.companyId !== user.companyId) {
      throw AppException.validation(field, 'El canal no existe.');
    }
    if (!PHONE_PLATFORMS.has(channel.platform)) {
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
    if (name && name.length > 200) throw AppException.validation('name', 'El nombre es demasiado largo.');
    const channel = await this.phoneChannel(user, input.channelId);
    const { rows } = await pgPool(this.dataSource).query<{ id: number }>(
      `INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "cleanedName", answered, "isArchived",
         source, "agentId", "lastUpdate")
       VALUES ($1, $2, $3, $4, $5, $6, true, false, 'MANUAL', $7, now())
       ON CONFLICT (key) DO NOTHING RETURNING id`,
      [user.companyId, channel.id, `${channel.id}-${phone}`, phone, name, cleanedName(name, phone), user.id],
    );
    if (!rows[0]) throw new AppException('PHONE_ALREADY_USED', { field: 'phone' });
    return this.clients.view(rows[0].id);
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
    if (!PHONE_PLATFORMS.has(channel.platform)) {
      throw AppException.validation(
        'phone',
        'Este contacto no tiene teléfono: su canal no es de WhatsApp ni SMS.',
      );
    }
    const phone = contactPhone(rawPhone);
    if (phone !== client.senderId) {
      const { rows } = await pgPool(this.dataSource)
        .query<{ id: number }>(
          `UPDATE clients SET "senderId" = $2, key = $3, "cleanedName" = $4, "updatedAt" = now()
         WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM clients o WHERE o.key = $3) RETURNING id`,
          [clientId, phone, `${channel.id}-${phone}`, cleanedName(client.name, phone)],
        )
        .catch((error: unknown) => {
          // Another request took the same key between the check and the write.
          if ((error as { code?: string }).code === '23505') return { rows: [] };
          throw error;
        });
      if (!rows[0]) throw new AppException('PHONE_ALREADY_USED', { field: 'phone' });
    }
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'openClient', { client: view, reason: 'info' });
    return view;
  }
}
