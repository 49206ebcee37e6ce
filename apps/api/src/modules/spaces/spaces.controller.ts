import { Controller, Get } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { SpaceModel } from './models/space.model';
import { SpacesService } from './spaces.service';

@Controller()
export class SpacesController {
  constructor(private readonly spaces: SpacesService) {}

  /** 02 §7 GET /getSpaceGroup: the company's spaces. */
  @RequirePermissions('readSpaces', 'writeSpaces')
  @Get('getSpaceGroup')
  async getSpaceGroup(@CurrentUser() user: AuthUser): Promise<SpaceModel[]> {
    return (await this.spaces.listForCompany(user.companyId)).map(SpaceModel.from);
  }
}
