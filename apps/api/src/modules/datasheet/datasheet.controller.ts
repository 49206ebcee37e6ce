import { DATASHEET_FIELD_MESSAGES } from '@crm/shared';
import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import { DatasheetAdminService } from './datasheet-admin.service';

@ApiTags('datasheet')
@ApiSignedIn()
@Controller()
export class DatasheetController {
  constructor(private readonly fields: DatasheetAdminService) {}

  /** 02 §7 DELETE /datasheetConfiguration/{id}. */
  @ApiOperation({ summary: 'Delete a datasheet field' })
  @ApiErrors(400)
  @RequirePermissions('writeDataSheetConfiguration')
  @Delete('datasheetConfiguration/:id')
  @HttpCode(200)
  async delete(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseIdPipe('id', DATASHEET_FIELD_MESSAGES.notFound))
    id: number,
  ): Promise<{ deleted: true }> {
    await this.fields.delete(user, id);
    return { deleted: true };
  }
}
