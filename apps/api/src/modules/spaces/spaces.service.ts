import {
  INPUT_MESSAGES,
  SPACE_MESSAGES,
  type SpaceDraftError,
  spaceNameKey,
  validateSpaceDraft,
} from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { parseIdList } from '../../common/id-list';
import { type SpaceUser, seesEverySpace, usableSpaceIds } from '../../common/space-scope';
import { isUniqueViolation } from '../../database/unique-name';
import { FileStorageService } from '../../providers/storage/file-storage.service';
import { storePublicImage } from '../../providers/storage/public-image';
import type { SpooledFile } from '../../providers/storage/spooled-upload.interceptor';
import { ChannelAdminService } from '../channels/channel-admin.service';
import type { ChannelModel } from '../channels/models/channel.model';
import { SpaceAudienceService } from '../space-audience/space-audience.service';
import type { CreateSpaceInput, UpdateSpaceInput } from './dto/space.input';
import { SpaceModel } from './models/space.model';
import { type SpaceRow, SpacesRepository } from './spaces.repository';

// The case-insensitive unique index on ("companyId", lower(btrim(name))), migration 1763876000000.
const NAME_INDEX = 'UQ_spaces_company_lower_name';
const CHANNELS_INVALID = INPUT_MESSAGES.invalidChannels;

export interface SpaceWithChannels extends SpaceModel {
  channels: ChannelModel[];
}

function draftError(error: SpaceDraftError, fieldName: string = error.field): AppException {
  if (error.code === 'VALIDATION_ERROR') return AppException.validation(fieldName, error.message);
  return new AppException(error.code, { field: fieldName, fields: { [fieldName]: error.message } });
}

/** Channel ids from the form: a JSON list of ids or of {id}, or the list itself in a JSON body. */
function parseChannelIds(raw: unknown, field: string): number[] {
  return parseIdList(raw, field, CHANNELS_INVALID);
}

function nameOf(raw: unknown, field: string): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw AppException.validation(field, INPUT_MESSAGES.invalidName);
  return raw.trim();
}

/** 02 §3 Space: groups channels; name unique in the company; the default space is fixed. */
@Injectable()
export class SpacesService {
  private readonly logger = new Logger(SpacesService.name);

  constructor(
    private readonly spaces: SpacesRepository,
    private readonly channelAdmin: ChannelAdminService,
    private readonly storage: FileStorageService,
    private readonly audience: SpaceAudienceService,
  ) {}

  listForCompany(companyId: number): Promise<SpaceRow[]> {
    return this.spaces.listForCompany(companyId);
  }

  /**
   * 02 §6 "Other roles see only their space's channels": the spaces whose lists (spaces, their channels) the
   * caller is shown — every space (null) for admins, superadmins and whoever administers spaces (writeSpaces: they
   * create spaces they are not in); their own spaces for everyone else (a group admin with readSpaces, readBot…).
   */
  async visibleSpaceIds(user: AuthUser): Promise<number[] | null> {
    if (seesEverySpace(user.roleName) || user.permissions.writeSpaces === true) return null;
    return usableSpaceIds(this.spaces, user);
  }

  /** The spaces list the caller is shown (visibleSpaceIds), in the company's order. */
  async listVisible(user: AuthUser): Promise<SpaceRow[]> {
    const [spaces, visible] = await Promise.all([
      this.listForCompany(user.companyId),
      this.visibleSpaceIds(user),
    ]);
    return visible === null ? spaces : spaces.filter((space) => visible.includes(space.id));
  }

  /** One space of the list: a space the caller is not shown answers like one that does not exist. */
  async getVisible(user: AuthUser, id: number): Promise<SpaceRow> {
    const space = await this.getForCompany(user.companyId, id);
    const visible = await this.visibleSpaceIds(user);
    if (visible !== null && !visible.includes(id)) throw new AppException('NOT_FOUND_SPACE');
    return space;
  }

  /** The channels the caller is shown: the company's, or those of their spaces (visibleSpaceIds). */
  async visibleChannels(user: AuthUser): Promise<ChannelModel[]> {
    const visible = await this.visibleSpaceIds(user);
    if (visible === null) return this.channelAdmin.list(user.companyId);
    if (visible.length === 0) return [];
    const channels = await this.channelAdmin.list(user.companyId, visible);
    return channels.map((channel) => ({
      ...channel,
      spaceIds: channel.spaceIds.filter((id) => visible.includes(id)),
    }));
  }

  /** The spaces a user may switch to and work in (usableSpaceIds), in the switcher's order. */
  async listUsable(user: SpaceUser): Promise<SpaceRow[]> {
    const ids = await usableSpaceIds(this.spaces, user);
    if (ids.length === 0) return [];
    const byId = new Map((await this.spaces.findByIds(ids)).map((space) => [space.id, space]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Tenancy (ARCHITECTURE rule 3): another company's space is refused whatever id is sent. */
  async getForCompany(companyId: number, id: number): Promise<SpaceRow> {
    const space = await this.spaces.findById(id);
    if (!space) throw new AppException('NOT_FOUND_SPACE');
    if (space.companyId !== companyId)
      throw new AppException('FORBIDDEN', { message: 'Space of another company' });
    return space;
  }

  /** 02 §7 GET /getSpaceGroup: the spaces list with the channels linked to each (02 §2). */
  async group(user: AuthUser): Promise<SpaceWithChannels[]> {
    const spaces = await this.listVisible(user);
    const bySpace = await this.channelAdmin.listBySpace(
      user.companyId,
      spaces.map((s) => s.id),
    );
    return spaces.map((space) => ({ ...SpaceModel.from(space), channels: bySpace.get(space.id) ?? [] }));
  }

  async withChannels(companyId: number, id: number): Promise<SpaceWithChannels> {
    const space = await this.getForCompany(companyId, id);
    const bySpace = await this.channelAdmin.listBySpace(companyId, [id]);
    return { ...SpaceModel.from(space), channels: bySpace.get(id) ?? [] };
  }

  /** 02 §7 POST /createSpace: a name, at least one of the company's channels, an optional image. */
  async create(
    user: AuthUser,
    input: CreateSpaceInput,
    image: SpooledFile | null,
  ): Promise<SpaceWithChannels> {
    const name = nameOf(input.spaceName, 'spaceName');
    const channelIds = input.channels === undefined ? [] : parseChannelIds(input.channels, 'channels');
    const invalid = validateSpaceDraft({ name, channelIds });
    if (invalid) throw draftError(invalid);
    await this.checkChannels(user.companyId, channelIds, 'channels');
    await this.checkUniqueName(user.companyId, name, null);
    const imageUrl = image ? await storePublicImage(this.storage, image) : null;

    const id = await this.uniqueName(() =>
      this.spaces.create({ companyId: user.companyId, name, imageUrl }, channelIds),
    ).catch(async (error: unknown) => {
      // A refused space (a name taken at the same moment) keeps no picture.
      await this.storage.removePublicUrl(imageUrl);
      throw error;
    });
    await this.notify(user, [id], 'spaceCreated');
    return this.withChannels(user.companyId, id);
  }

  /** 02 §7 PUT /updateSpace: name, image and the whole channel list; the default space cannot be edited. */
  async update(
    user: AuthUser,
    input: UpdateSpaceInput,
    image: SpooledFile | null,
  ): Promise<SpaceWithChannels> {
    const space = await this.getForCompany(user.companyId, input.id);
    if (space.isDefault) throw new AppException('DEFAULT_SPACE_CANNOT_BE_MODIFIED', { field: 'id' });
    const name = input.spaceName === undefined ? space.name : nameOf(input.spaceName, 'spaceName');
    const channelIds =
      input.newChannels === undefined ? null : parseChannelIds(input.newChannels, 'newChannels');
    const invalid = validateSpaceDraft({ name, channelIds: channelIds ?? [0] });
    if (invalid) throw draftError(invalid, invalid.field === 'channels' ? 'newChannels' : invalid.field);
    if (channelIds) await this.checkChannels(user.companyId, channelIds, 'newChannels');
    await this.checkUniqueName(user.companyId, name, space.id);
    const removeImage = input.removeImage === true || input.removeImage === 'true';
    const imageUrl = image
      ? await storePublicImage(this.storage, image)
      : removeImage
        ? null
        : space.imageUrl;

    await this.uniqueName(() => this.spaces.update(space.id, { name, imageUrl }, channelIds)).catch(
      async (error: unknown) => {
        if (image) await this.storage.removePublicUrl(imageUrl);
        throw error;
      },
    );
    // The picture it replaced or removed is no longer used by anything.
    if (imageUrl !== space.imageUrl) await this.storage.removePublicUrl(space.imageUrl);
    await this.notify(user, [space.id], 'spaceUpdated');
    return this.withChannels(user.companyId, space.id);
  }

  /**
   * 02 §7 DELETE /deleteSpace/{id}. Its members and whoever had it selected go back to the default space; its
   * quick answers and albums go with it (their rows cascade; album files are removed from storage after).
   */
  async delete(user: AuthUser, id: number): Promise<{ id: number; deleted: true }> {
    const space = await this.getForCompany(user.companyId, id);
    if (space.isDefault) throw new AppException('DEFAULT_SPACE_CANNOT_BE_MODIFIED', { field: 'id' });
    const audience = await this.audience.of(user.companyId, { spaceIds: [id] });
    const storageKeys = await this.spaces.delete(user.companyId, id);
    if (!storageKeys)
      throw new AppException('ERROR_DELETING_SPACE', { message: 'The company has no default space' });
    for (const key of storageKeys) {
      await this.storage.removePrivate(key).catch((error: unknown) => {
        this.logger.warn(`could not remove stored file ${key}: ${String(error)}`);
      });
    }
    await this.storage.removePublicUrl(space.imageUrl);
    this.audience.notify(user, audience, 'spaceDeleted');
    return { id, deleted: true };
  }

  private async notify(user: AuthUser, spaceIds: number[], reason: string): Promise<void> {
    await this.audience.notifyOf(user, { spaceIds }, reason);
  }

  /** Every channel must exist and be the company's (another company's → 403, nothing changed). */
  private async checkChannels(companyId: number, channelIds: number[], field: string): Promise<void> {
    const rows = await this.spaces.channelOwners(channelIds);
    if (rows.length !== channelIds.length)
      throw AppException.validation(field, SPACE_MESSAGES.channelNotFound);
    if (rows.some((row) => row.companyId !== companyId)) {
      throw new AppException('FORBIDDEN', { message: 'Channel of another company' });
    }
  }

  private async checkUniqueName(companyId: number, name: string, exceptId: number | null): Promise<void> {
    // The very expression of the unique index UQ_spaces_company_lower_name, so the check and the index agree.
    if (await this.spaces.nameTaken(companyId, spaceNameKey(name), exceptId))
      throw new AppException('ERROR_DUPLICATED_SPACE', { field: 'spaceName' });
  }

  /** Two saves racing past the name check (say 'Ventas' and 'VENTAS' at once): the unique index decides. */
  private async uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX))
        throw new AppException('ERROR_DUPLICATED_SPACE', { field: 'spaceName' });
      throw error;
    }
  }
}
