import { collapseSpaces, locationNameError, NAMED_LIST_MESSAGES } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { LocationsRepository } from './locations.repository';
import type { LocationModel } from './models/location.model';

const DUPLICATED = NAMED_LIST_MESSAGES.locationTaken;

function cleanName(raw: string): string {
  const error = locationNameError(raw);
  if (error) throw AppException.validation('name', error);
  return collapseSpaces(raw);
}

/** 02 §3 Location: where a user works (01 §3 user create carries one); administered per company (issue 6). */
@Injectable()
export class LocationsService {
  constructor(private readonly locations: LocationsRepository) {}

  list(companyId: number): Promise<LocationModel[]> {
    return this.locations.list(companyId);
  }

  private async own(user: AuthUser, id: number): Promise<void> {
    if ((await this.locations.companyOf(id)) !== user.companyId) {
      throw AppException.validation('id', NAMED_LIST_MESSAGES.locationNotFound);
    }
  }

  /** Case and spacing aside, a name is taken once per company; the unique index catches a racing twin. */
  private async saved(id: number | undefined): Promise<LocationModel> {
    if (id === undefined) throw AppException.validation('name', DUPLICATED);
    const location = await this.locations.byId(id);
    if (!location) throw AppException.validation('id', NAMED_LIST_MESSAGES.locationNotFound);
    return location;
  }

  async create(user: AuthUser, rawName: string): Promise<LocationModel> {
    const name = cleanName(rawName);
    return this.saved(await this.locations.create(user.companyId, name));
  }

  async update(user: AuthUser, id: number, rawName: string): Promise<LocationModel> {
    await this.own(user, id);
    const name = cleanName(rawName);
    return this.saved(await this.locations.rename(user.companyId, id, name));
  }

  /** Its users stay, without a location. */
  async delete(user: AuthUser, id: number): Promise<boolean> {
    await this.own(user, id);
    await this.locations.delete(user.companyId, id);
    return true;
  }
}
