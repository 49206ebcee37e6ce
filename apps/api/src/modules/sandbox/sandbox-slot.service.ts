import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CHAT_HISTORY_RANGES,
  type ChannelStatus,
  channelNameError,
  companyRoom,
  platformOf,
  QR_LIFETIME_MS,
  SANDBOX_MESSAGES,
  VALIDATION_MESSAGES,
  validatePhone,
  WHATSAPP_SLOTS_LIMIT,
} from '@crm/shared';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Executor } from '../../database/kysely';
import { RealtimeService } from '../../realtime/realtime.service';
import { ChannelAdminService } from '../channels/channel-admin.service';
import { type ChannelRow, ChannelsRepository } from '../channels/channels.repository';
import { ChannelsService } from '../channels/channels.service';
import { ChannelSlotsRepository } from './channel-slots.repository';
import type { ChannelStatusInput, GetQrInput } from './dto/slot.input';

export interface QrResult {
  channelId: number;
  /** What the QR encodes: the product's own link that, opened by a signed-in device, links the slot. */
  qrUrl: string;
  /** The one-time code inside qrUrl. */
  code: string;
  expiresAt: string;
  status: ChannelStatus;
}

export interface SlotStatusResult {
  channelId: number;
  status: ChannelStatus;
  phone: string | null;
  linkedAt: string | null;
  chatHistoryTime: string | null;
}

const NOT_A_SLOT = SANDBOX_MESSAGES.notQrLinked;

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * The sandbox's linked-device slot (02 §7 getQR, getChannelStatus, logoutSlot; 02 §3 Channel status): the product
 * shows a QR holding a one-time code that lives 40 s (01 §9 QR lifetime); the device that presents it links the
 * slot, which activates the channel; logging out deactivates it. Without a provider, "the device" is any
 * signed-in browser of the company that opens the QR's link, or the simulator button beside the QR.
 */
@Injectable()
export class SandboxSlotService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly slots: ChannelSlotsRepository,
    private readonly channelRows: ChannelsRepository,
    private readonly channels: ChannelsService,
    private readonly channelAdmin: ChannelAdminService,
    private readonly realtime: RealtimeService,
  ) {}

  /** 02 §7 POST /getQR: a fresh QR for a sandbox channel's slot, or for a new line (slotName and phone). */
  async requestQr(user: AuthUser, input: GetQrInput): Promise<QrResult> {
    // A null channelId is an absent one, as the input's validation reads it: a new line.
    const channelId =
      input.channelId !== undefined && input.channelId !== null
        ? await this.existingChannel(user, input.channelId)
        : await this.newLine(user, input);
    const code = randomBytes(18).toString('base64url');
    const expiresAt = new Date(Date.now() + QR_LIFETIME_MS);
    await this.slots.setPairing(channelId, hashCode(code), expiresAt);
    const query = new URLSearchParams({ channelId: String(channelId), code });
    return {
      channelId,
      qrUrl: `${this.config.appUrl}/spaces/new-whatsapp?${query.toString()}`,
      code,
      expiresAt: expiresAt.toISOString(),
      status: 'LOGGING',
    };
  }

  /** The device presents the QR's code: the slot is linked and its channel active (activation: chatbot off). */
  async scan(user: AuthUser, code: string): Promise<SlotStatusResult> {
    const value = code?.trim() ?? '';
    if (value === '') throw AppException.validation('code', VALIDATION_MESSAGES.required);
    const slot = await this.slots.findPairing(user.companyId, hashCode(value));
    if (!slot) throw AppException.validation('code', SANDBOX_MESSAGES.qrInvalid);
    if ((slot.pairingExpiresAt?.getTime() ?? 0) <= Date.now()) {
      throw AppException.validation('code', SANDBOX_MESSAGES.qrExpired);
    }
    await this.slots.transaction(async (trx) => {
      await this.slots.markLinked(trx, slot.channelId);
      await this.channelRows.setActive(slot.channelId, true, trx);
    });
    // 02 §7 onLinkedChannel: the screen showing the QR learns the line is linked.
    this.realtime.emit([companyRoom(user.companyId)], 'onLinkedChannel', {
      channelId: slot.channelId,
      status: 'AUTHENTICATED',
    });
    await this.channelAdmin.notify(user, [slot.channelId], 'channelLinked');
    return this.status(user, { channelId: slot.channelId });
  }

  /** 02 §7 POST /getChannelStatus; with getChatHistory, records the chat-history range chosen for the import. */
  async status(user: AuthUser, input: ChannelStatusInput): Promise<SlotStatusResult> {
    const channel = await this.sandboxChannel(user, input.channelId);
    if (input.getChatHistory === true || input.getChatHistory === 'true') {
      const range = input.chatHistoryTime;
      if (typeof range !== 'string' || !(CHAT_HISTORY_RANGES as readonly string[]).includes(range)) {
        throw AppException.validation('chatHistoryTime', VALIDATION_MESSAGES.selectOption);
      }
      await this.slots.setChatHistoryTime(channel.id, range);
    }
    const slot = await this.slots.find(channel.id);
    return {
      channelId: channel.id,
      status: slot?.status ?? 'LOGGING',
      phone: channel.phone,
      linkedAt: slot?.linkedAt?.toISOString() ?? null,
      chatHistoryTime: slot?.chatHistoryTime ?? null,
    };
  }

  /** 02 §7 POST /logoutSlot: the device is unlinked and the channel stops working until a new QR is scanned. */
  async logout(user: AuthUser, channelId: number): Promise<SlotStatusResult> {
    const channel = await this.sandboxChannel(user, channelId);
    const slot = await this.slots.find(channel.id);
    if (!slot) throw AppException.validation('channelId', SANDBOX_MESSAGES.noLinkedDevice);
    await this.slots.transaction(async (trx) => {
      await this.slots.markLoggedOut(trx, channel.id);
      await this.channelRows.setActive(channel.id, false, trx);
    });
    await this.channelAdmin.notify(user, [channel.id], 'channelLoggedOut');
    return this.status(user, { channelId: channel.id });
  }

  private async sandboxChannel(user: AuthUser, channelId: number): Promise<ChannelRow> {
    const channel = await this.channels.getForCompany(user.companyId, channelId);
    if (!platformOf(channel.platform)?.linkedDevice) throw AppException.validation('channelId', NOT_A_SLOT);
    return channel;
  }

  /** An existing sandbox channel: its slot (created if it has none, within the limit) gets a new QR. */
  private async existingChannel(user: AuthUser, channelId: number): Promise<number> {
    const channel = await this.sandboxChannel(user, channelId);
    const slot = await this.slots.find(channel.id);
    if (slot?.status === 'AUTHENTICATED') {
      throw AppException.validation('channelId', SANDBOX_MESSAGES.alreadyLinked);
    }
    if (!slot) {
      await this.withinSlotLimit(user.companyId, async (trx) => {
        await this.slots.insert(trx, {
          channelId: channel.id,
          companyId: user.companyId,
          name: channel.name,
          status: 'LOGGING',
        });
      });
    }
    return channel.id;
  }

  /** A new line: a sandbox channel (inactive until linked) in the default space, with its slot. */
  private async newLine(user: AuthUser, input: GetQrInput): Promise<number> {
    const name = typeof input.slotName === 'string' ? input.slotName.trim() : '';
    const nameError = channelNameError(name);
    if (nameError) throw AppException.validation('slotName', nameError);
    const phone = typeof input.phone === 'string' ? input.phone.trim() : '';
    const phoneError = validatePhone(phone);
    if (phoneError) throw AppException.validation('phone', phoneError);
    let channelId = 0;
    // The channel, its place in the default space and its slot commit together, within the slots limit.
    await this.withinSlotLimit(user.companyId, async (trx) => {
      channelId = await this.channelRows.create(trx, {
        companyId: user.companyId,
        name,
        platform: 'sandbox',
        providerId: `sandbox-${randomUUID()}`,
        phone,
        isActive: false,
        useChatbot: false,
      });
      await this.channelRows.addToDefaultSpace(trx, user.companyId, channelId);
      await this.slots.insert(trx, { channelId, companyId: user.companyId, name, status: 'LOGGING' });
    });
    await this.channelAdmin.notify(user, [channelId], 'channelCreated');
    return channelId;
  }

  /**
   * 01 §9 WhatsApp slots limit: a company holds at most this many slots. Serialised per company with an advisory
   * lock so two requests cannot both take the last one; the creation runs in the locking transaction.
   */
  private async withinSlotLimit(companyId: number, create: (trx: Executor) => Promise<void>): Promise<void> {
    await this.slots.transaction(async (trx) => {
      const n = await this.slots.lockAndCount(trx, companyId);
      if (n >= WHATSAPP_SLOTS_LIMIT) throw new AppException('WHATSAPP_SLOTS_LIMIT_REACHED');
      await create(trx);
    });
  }
}
