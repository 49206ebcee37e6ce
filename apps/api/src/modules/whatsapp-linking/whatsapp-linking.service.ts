import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  type BusinessProfileView,
  CHANNEL_NAME_MAX,
  type CompanyStatus,
  imageInfo,
  type LinkedChannelsView,
  type LinkingBookingView,
  type LinkingQrView,
  linkingBookingEmail,
  linkingQrLink,
  ONBOARDING_EVENTS,
  onboardingRoom,
  PROFILE_VERTICAL_VALUES,
  phoneRoom,
  platformOf,
  profileFieldsFault,
  profilePhotoFault,
  profileVerticalName,
  QR_LIFETIME_MS,
  statusAfterLinking,
  WHATSAPP_LINKING_MESSAGES,
  type WhatsappLinkingConfigView,
} from '@crm/shared';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Executor } from '../../database/kysely';
import { isUniqueViolation } from '../../database/unique-name';
import { ProfileStepError } from '../../providers/channels/business-profile';
import { BusinessProfiles } from '../../providers/channels/business-profiles';
import type { ChannelPlatform, TemplateMediaFile } from '../../providers/channels/channel-provider';
import { Dialog360PartnerClient } from '../../providers/channels/dialog360/dialog360-partner.client';
import { WhatsappCloudOnboardingClient } from '../../providers/channels/whatsapp-cloud/whatsapp-cloud-onboarding.client';
import { MailService } from '../../providers/mail/mail.service';
import { FileStorageService } from '../../providers/storage/file-storage.service';
import { readHead, type SpooledFile } from '../../providers/storage/spooled-upload.interceptor';
import { RealtimeService } from '../../realtime/realtime.service';
import { ChannelAdminService } from '../channels/channel-admin.service';
import { ChannelRegistry } from '../channels/channel-registry.service';
import { type ChannelRow, ChannelsRepository } from '../channels/channels.repository';
import { ChannelsService } from '../channels/channels.service';
import { CompaniesService } from '../companies/companies.service';
import type { BusinessProfileInput, LinkingBookingInput } from './dto/whatsapp-linking.input';
import { WhatsappLinkingRepository } from './whatsapp-linking.repository';

// The provider names of whatsapp_links rows (how the number came, not the channel's platform).
const VIA_360DIALOG = '360dialog-connect';
const VIA_META = 'meta-embedded-signup';

/** A number the provider confirmed, ready to become (or refresh) a channel. */
interface ConfirmedNumber {
  platform: ChannelPlatform;
  providerId: string;
  phone: string;
  name: string;
  accessToken: string;
  qualityRating: ChannelRow['qualityRating'];
  link: { provider: string; externalId: string; clientId?: string; wabaId?: string; pin?: string };
}

/** The refusal of what the linking flow returned: 400 with 01 §8's linking text. */
function refused(message: string): AppException {
  return new AppException('WHATSAPP_LINKING_REFUSED', { message });
}

/**
 * Issue 19, 01 §2.5: a company links its WhatsApp number (360dialog Connect, Meta's embedded signup, or the sandbox
 * number on a machine without a provider account), fills its business profile and opens the QR page. A linked
 * number completes AWAITING_WA_VINCULATION and is announced on onboarding_{companyId}.
 */
@Injectable()
export class WhatsappLinkingService {
  private readonly logger = new Logger(WhatsappLinkingService.name);
  private readonly partner: Dialog360PartnerClient | null;
  private readonly signup: WhatsappCloudOnboardingClient | null;
  private readonly profiles: BusinessProfiles;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: WhatsappLinkingRepository,
    private readonly channelRows: ChannelsRepository,
    private readonly channels: ChannelsService,
    private readonly registry: ChannelRegistry,
    private readonly admin: ChannelAdminService,
    private readonly realtime: RealtimeService,
    private readonly mail: MailService,
    private readonly storage: FileStorageService,
    private readonly companies: CompaniesService,
  ) {
    const linking = config.whatsappLinking;
    const connect = linking.dialog360Connect;
    this.partner = connect
      ? new Dialog360PartnerClient({
          baseUrl: connect.partnerUrl,
          partnerId: connect.partnerId,
          apiKey: connect.apiKey,
        })
      : null;
    const signup = linking.metaSignup;
    this.signup = signup
      ? new WhatsappCloudOnboardingClient({
          graphUrl: config.whatsappGraphUrl,
          appId: signup.appId,
          appSecret: signup.appSecret,
        })
      : null;
    this.profiles = new BusinessProfiles({
      graphUrl: config.whatsappGraphUrl,
      dialog360Url: config.dialog360Url,
    });
  }

  linkingConfig(): WhatsappLinkingConfigView {
    const { dialog360Connect: connect, metaSignup: signup, schedulingUrl } = this.config.whatsappLinking;
    const sandbox = connect === null && signup === null;
    const d360 = connect ? { partnerId: connect.partnerId, connectUrl: connect.connectUrl } : null;
    const meta = signup ? { appId: signup.appId, configId: signup.configId } : null;
    // The contract's key names the provider; it is a way of linking offered, not a per-platform decision.
    return { sandbox, dialog360: d360, meta, schedulingUrl };
  }

  /** 360dialog Connect: every channel is checked with the partner API before any is prepared or stored. */
  linkDialog360(user: AuthUser, input: { client: string; channels: string[] }): Promise<LinkedChannelsView> {
    return this.announced(user, async () => {
      const partner = this.partner;
      if (!partner) throw refused('360dialog Connect is not configured');
      const ids = [...new Set(input.channels)];
      const known: number[] = [];
      const fresh: Array<{ id: string; phone: string; name: string | null }> = [];
      for (const id of ids) {
        const link = await this.repository.findLink(VIA_360DIALOG, id);
        if (link && link.companyId !== user.companyId)
          throw refused(`360dialog channel ${id} is another company's`);
        if (link) {
          known.push(link.channelId);
          continue;
        }
        const channel = await partner.findChannel(input.client, id);
        if (!channel)
          throw refused(`360dialog channel ${id} is not client ${input.client}'s under our partner`);
        fresh.push(channel);
      }
      const confirmed: ConfirmedNumber[] = [];
      const connector = this.registry.connector('dialog360');
      for (const channel of fresh) {
        const apiKey = await partner.createApiKey(channel.id);
        // The adapter's own connect: the webhook URL /webhooks/360dialog/{phone} with its X-Webhook-Token secret.
        const number = await connector.connect({ apiKey, phoneNumber: channel.phone });
        confirmed.push({
          platform: connector.platform,
          providerId: number.providerId,
          phone: number.phone,
          name: channel.name ?? number.defaultName,
          accessToken: number.accessToken,
          qualityRating: number.qualityRating,
          link: { provider: VIA_360DIALOG, externalId: channel.id, clientId: input.client },
        });
      }
      return [...known, ...(await this.store(user, confirmed))];
    });
  }

  /** Meta's embedded signup: code → token, the number checked in its WABA, registered, the app subscribed. */
  linkMeta(
    user: AuthUser,
    input: { code: string; wabaId: string; phoneNumberId: string },
  ): Promise<LinkedChannelsView> {
    return this.announced(user, async () => {
      const signup = this.signup;
      if (!signup) throw refused("Meta's embedded signup is not configured");
      const link = await this.repository.findLink(VIA_META, input.phoneNumberId);
      if (link && link.companyId !== user.companyId)
        throw refused(`Number ${input.phoneNumberId} is another company's`);
      if (link) return [link.channelId];
      const token = await signup.exchangeCode(input.code);
      const number = await signup.findNumber(input.wabaId, input.phoneNumberId, token);
      if (!number) throw refused(`WABA ${input.wabaId} has no number ${input.phoneNumberId}`);
      // Meta's two-step verification PIN, set by registering: kept (sealed) for a later registration.
      const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await signup.register(input.phoneNumberId, token, pin);
      await signup.subscribeApp(input.wabaId, token);
      return this.store(user, [
        {
          platform: 'whatsapp_cloud',
          providerId: input.phoneNumberId,
          phone: number.phone,
          name: number.verifiedName ?? `WhatsApp +${number.phone}`,
          accessToken: token,
          qualityRating: number.qualityRating,
          link: {
            provider: VIA_META,
            externalId: input.phoneNumberId,
            wabaId: input.wabaId,
            pin: this.channels.sealToken(pin) ?? undefined,
          },
        },
      ]);
    });
  }

  /**
   * The sandbox linking (no provider account configured): the company's sandbox channel, created when it has none,
   * gets the number the QR page shows, so the journey completes offline.
   */
  linkSandbox(user: AuthUser, input: { phone?: string }): Promise<LinkedChannelsView> {
    if (!this.linkingConfig().sandbox) {
      throw AppException.validation('phone', WHATSAPP_LINKING_MESSAGES.sandboxOnly);
    }
    return this.announced(user, async () => {
      const all = await this.channels.listForCompany(user.companyId);
      const existing = all.find((c) => platformOf(c.platform)?.simulator === true) ?? null;
      const phone =
        input.phone?.replace(/\D/g, '') ||
        existing?.phone ||
        `52155${String(user.companyId).padStart(8, '0')}`;
      return this.repository.transaction(async (trx) => {
        let id: number;
        if (existing) {
          id = existing.id;
          await this.repository.setChannelPhone(trx, id, phone);
        } else {
          id = await this.channelRows.create(trx, {
            companyId: user.companyId,
            name: `WhatsApp +${phone}`.slice(0, CHANNEL_NAME_MAX),
            platform: 'sandbox',
            providerId: `sandbox-${randomUUID()}`,
            phone,
            isActive: true,
          });
          await this.channelRows.addToDefaultSpace(trx, user.companyId, id);
        }
        await this.stepStatus(trx, user.companyId);
        return [id];
      });
    });
  }

  /**
   * Runs a linking: on success the linked channels are answered and announced ('status' {success, channelIds});
   * on failure {success: false} is announced and the error answered (a provider failure as 502 with 01 §8's text).
   */
  private async announced(user: AuthUser, run: () => Promise<number[]>): Promise<LinkedChannelsView> {
    const room = onboardingRoom(user.companyId);
    let ids: number[];
    try {
      ids = [...new Set(await run())];
    } catch (error) {
      this.realtime.emit([room], ONBOARDING_EVENTS.status, { success: false });
      if (error instanceof AppException) throw error;
      this.logger.warn(`WhatsApp linking of company ${user.companyId} failed: ${String(error)}`);
      throw new AppException('WHATSAPP_LINKING_FAILED', { message: String(error) });
    }
    await this.admin.notify(user, ids, 'channelCreated');
    this.realtime.emit([room], ONBOARDING_EVENTS.status, { success: true, channelIds: ids });
    // The status may have moved on (AWAITING_WA_VINCULATION → TRIAL / ACTIVE): every user reloads their data.
    await this.companies.announceChange(user.companyId);
    const rows = await Promise.all(ids.map((id) => this.channels.findById(id)));
    return {
      channels: rows
        .filter((row): row is ChannelRow => row !== null)
        .map((row) => ({ id: row.id, name: row.name, phone: row.phone, platform: row.platform })),
    };
  }

  /**
   * The confirmed numbers become channels of the default space with their links, and the company's status steps
   * on, all in one transaction. A number that is a channel of this company already (connected by hand) gets the
   * new credentials; another company's is refused.
   */
  private async store(user: AuthUser, numbers: ConfirmedNumber[]): Promise<number[]> {
    for (const number of numbers) this.channels.forgetProviderId(number.platform, number.providerId);
    try {
      return await this.repository.transaction(async (trx) => {
        const ids: number[] = [];
        for (const number of numbers) {
          const sealed = this.channels.sealToken(number.accessToken);
          const owner = await this.channelRows.findByProviderId(number.platform, number.providerId);
          let id: number;
          if (owner && owner.companyId !== user.companyId) {
            throw refused(`${number.platform} ${number.providerId} is another company's channel`);
          }
          if (owner) {
            id = owner.id;
            await this.repository.replaceToken(trx, id, sealed);
          } else {
            id = await this.channelRows.create(trx, {
              companyId: user.companyId,
              name: number.name.slice(0, CHANNEL_NAME_MAX),
              platform: number.platform,
              providerId: number.providerId,
              phone: number.phone,
              accessToken: sealed,
              qualityRating: number.qualityRating,
              isActive: true,
              useChatbot: false,
            });
            await this.channelRows.addToDefaultSpace(trx, user.companyId, id);
          }
          await this.repository.insertLink(trx, {
            companyId: user.companyId,
            channelId: id,
            provider: number.link.provider,
            externalId: number.link.externalId,
            clientId: number.link.clientId ?? null,
            wabaId: number.link.wabaId ?? null,
            pin: number.link.pin ?? null,
          });
          ids.push(id);
        }
        await this.stepStatus(trx, user.companyId);
        return ids;
      });
    } catch (error) {
      // Two linkings of the same number at once: the unique indexes let one through; the other is refused.
      if (isUniqueViolation(error)) throw refused(`A number was linked twice at once: ${String(error)}`);
      throw error;
    } finally {
      for (const number of numbers) this.channels.forgetProviderId(number.platform, number.providerId);
    }
  }

  private async stepStatus(trx: Executor, companyId: number): Promise<void> {
    const company = await this.repository.companyForStatus(trx, companyId);
    if (!company) return;
    await this.repository.markLinked(trx, companyId);
    const next = statusAfterLinking(company.status, company.inTrial);
    if (next !== company.status) await this.repository.stepStatus(trx, companyId, next as CompanyStatus);
  }

  /** The channel a profile call names, or the company's first WhatsApp one; another company's is not found. */
  private async profileChannel(user: AuthUser, rawId: unknown): Promise<ChannelRow> {
    if (rawId !== undefined && rawId !== null && rawId !== '') {
      const id = Number(rawId);
      const channel = Number.isSafeInteger(id)
        ? await this.channelRows.findForCompany(user.companyId, id)
        : undefined;
      if (!channel || !isWhatsapp(channel.platform)) {
        throw new AppException('NOT_FOUND', {
          field: 'channelId',
          message: `No WhatsApp channel ${String(rawId)}`,
        });
      }
      return channel;
    }
    return this.firstWhatsapp(user.companyId);
  }

  /** The company's first WhatsApp channel: a provider's number first, else the sandbox one. */
  private async firstWhatsapp(companyId: number): Promise<ChannelRow> {
    const all = (await this.channels.listForCompany(companyId)).filter((c) => isWhatsapp(c.platform));
    all.sort((a, b) => a.id - b.id);
    const real = all.find((c) => platformOf(c.platform)?.simulator === false);
    const channel = real ?? all[0];
    if (!channel) {
      throw new AppException('NOT_FOUND', {
        field: 'channelId',
        userMessage: WHATSAPP_LINKING_MESSAGES.noWhatsappChannel,
        message: `Company ${companyId} has no WhatsApp channel`,
      });
    }
    return channel;
  }

  async profile(user: AuthUser, channelId: unknown): Promise<BusinessProfileView> {
    const channel = await this.profileChannel(user, channelId);
    const row = await this.repository.profile(channel.id);
    return {
      about: row?.about ?? '',
      website: row?.website ?? '',
      vertical: row?.vertical ?? '',
      email: row?.email ?? '',
      description: row?.description ?? '',
      address: row?.address ?? '',
      photoUrl: row?.photoUrl ?? null,
    };
  }

  /**
   * 01 §5 rules first (nothing is sent when one fails), then the profile through the number's provider (the sandbox
   * keeps it only), then it is stored as the last profile sent.
   */
  async updateProfile(
    user: AuthUser,
    input: BusinessProfileInput,
    upload: SpooledFile | null,
  ): Promise<BusinessProfileView> {
    const fields = {
      about: input.about?.trim() ?? '',
      website: input.website?.trim() ?? '',
      vertical: input.vertical?.trim() ?? '',
      email: input.email?.trim() ?? '',
      description: input.description?.trim() ?? '',
      address: input.address?.trim() ?? '',
    };
    const fault = profileFieldsFault(fields);
    if (fault) throw AppException.validation(fault.field, fault.message);
    const verticalName = fields.vertical === '' ? '' : (profileVerticalName(fields.vertical) ?? '');
    let photo: TemplateMediaFile | null = null;
    if (upload) {
      // The size first: a 16 MB file is refused without being read into memory.
      // A JPEG's frame header may follow a long EXIF segment: the first 256 KB are read for it.
      const head = upload.size > 0 ? await readHead(upload.path, 256 * 1024) : new Uint8Array();
      const photoFault = profilePhotoFault({
        fileName: upload.originalname,
        size: upload.size,
        image: imageInfo(head),
      });
      if (photoFault) throw AppException.validation('file', photoFault);
      const info = imageInfo(head);
      photo = {
        bytes: new Uint8Array(await readFile(upload.path)),
        mimeType: info?.mimeType ?? 'image/jpeg',
        fileName: upload.originalname,
      };
    }
    const channel = await this.profileChannel(user, input.channelId);
    const port = this.profiles.for(channel.platform);
    if (port) {
      try {
        await port.update(
          this.channels.credentials(channel),
          {
            ...fields,
            vertical: verticalName === '' ? '' : PROFILE_VERTICAL_VALUES[verticalName],
          },
          photo,
        );
      } catch (error) {
        throw this.profileFailure(channel.id, error);
      }
    }
    let photoUrl: string | undefined;
    if (upload && photo) {
      const stored = await this.storage.put({ path: upload.path, size: upload.size }, photo.mimeType);
      photoUrl = stored.url;
    }
    await this.repository.saveProfile({
      channelId: channel.id,
      companyId: user.companyId,
      ...fields,
      vertical: verticalName,
      ...(photoUrl !== undefined ? { photoUrl } : {}),
    });
    return this.profile(user, channel.id);
  }

  private profileFailure(channelId: number, error: unknown): AppException {
    this.logger.warn(`Business profile of channel ${channelId} failed: ${String(error)}`);
    if (!(error instanceof ProfileStepError)) return new AppException('ERROR_UPDATING_PROFILE');
    const code =
      error.step === 'about'
        ? 'UPLOADING_ABOUT_ERROR'
        : error.step === 'photo'
          ? 'UPLOADING_PHOTO_ERROR'
          : 'UPLOADING_BUSINESS_INFO_ERROR';
    return new AppException(code, { message: error.message });
  }

  /**
   * 01 §2.5 QR page: a wa.me link to the company's first WhatsApp number for 40 s (01 §9); 'qr' {success} on
   * phone_{phone}, which the caller's sockets join now in case the number was linked after they connected.
   */
  async qr(user: AuthUser): Promise<LinkingQrView> {
    const channel = await this.firstWhatsapp(user.companyId);
    const phone = (channel.phone ?? '').replace(/\D/g, '');
    if (phone === '') {
      throw new AppException('NOT_FOUND', {
        userMessage: WHATSAPP_LINKING_MESSAGES.noWhatsappChannel,
        message: `Channel ${channel.id} has no phone`,
      });
    }
    const room = phoneRoom(phone);
    this.realtime.joinRoom([onboardingRoom(user.companyId)], room);
    this.realtime.emit([room], ONBOARDING_EVENTS.qr, { success: true });
    return {
      phone,
      link: linkingQrLink(phone),
      expiresAt: new Date(Date.now() + QR_LIFETIME_MS).toISOString(),
    };
  }

  /** The scheduling link's return: recorded on the company (with its onboarding record), support mailed once. */
  async book(user: AuthUser, input: LinkingBookingInput): Promise<LinkingBookingView> {
    let eventStartTime: Date | null = null;
    if (input.eventStartTime) {
      eventStartTime = new Date(input.eventStartTime);
      if (Number.isNaN(eventStartTime.getTime())) {
        throw AppException.validation('eventStartTime', WHATSAPP_LINKING_MESSAGES.bookingDateInvalid);
      }
    }
    const onboarding = await this.repository.onboardingIdOf(user.companyId);
    const booking = await this.repository.saveBooking(user.companyId, onboarding?.id ?? null, {
      eventStartTime,
      inviteeEmail: input.inviteeEmail?.trim() || null,
      inviteeName: input.inviteeName?.trim() || null,
      eventUri: input.eventUri?.trim() || null,
    });
    if (await this.repository.claimMail(user.companyId)) {
      const company = await this.repository.companyName(user.companyId);
      try {
        await this.mail.send({
          to: this.config.supportEmail,
          ...linkingBookingEmail({
            businessName: company?.name ?? String(user.companyId),
            companyId: user.companyId,
            eventStartTime: booking.eventStartTime ? new Date(booking.eventStartTime).toISOString() : null,
            inviteeEmail: booking.inviteeEmail,
            inviteeName: booking.inviteeName,
            eventUri: booking.eventUri,
          }),
        });
      } catch (error) {
        // Not mailed: the next return of the scheduling link tries again.
        await this.repository.releaseMail(user.companyId);
        throw error;
      }
    }
    return { booked: true, message: WHATSAPP_LINKING_MESSAGES.booked };
  }
}

/**
 * A WhatsApp number, the sandbox's included: the platforms that send WhatsApp templates (the platform table's
 * capability), which are exactly the Cloud API, 360dialog and the sandbox that imitates them.
 */
function isWhatsapp(platform: string): boolean {
  return platformOf(platform)?.templates === true;
}
