import { Controller, Delete, HttpCode, Param, ParseIntPipe } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { DatasheetAdminService } from './datasheet-admin.service';

@Controller()
export class DatasheetController {
  constructor(private readonly fields: DatasheetAdminService) {}

  /** 02 §7 DELETE /datasheetConfiguration/{id}. */
  @RequirePermissions('writeDataSheetConfiguration')
  @Delete('datasheetConfiguration/:id')
  @HttpCode(200)
  async delete(
    @CurrentUser() user: AuthUser,
    @Param(
      'id',
      new ParseIntPipe({ exceptionFactory: () => AppException.validation('id', 'El campo no existe.') }),
    )
    id: number,
  ): Promise<{ deleted: true }> {
    await this.fields.delete(user, id);
    return { deleted: true };
  }
}
