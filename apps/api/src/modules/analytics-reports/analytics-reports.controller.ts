import { INPUT_MESSAGES } from '@crm/shared';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import { AnalyticsReportsService } from './analytics-reports.service';
import {
  CreateReportInput,
  DeleteReportsInput,
  type ReportRecipientModel,
  UpdateReportInput,
} from './models/report-recipient.model';

/** REST mirrors of the GraphQL report-recipient calls (same service, same rules). */
@ApiTags('analytics')
@ApiSignedIn()
@Controller('analytics/reports')
export class AnalyticsReportsController {
  constructor(private readonly service: AnalyticsReportsService) {}

  @ApiOperation({ summary: "Report e-mail recipients of the caller's company" })
  @RequirePermissions('readCompany', 'writeCompany')
  @Get()
  list(@CurrentUser() user: AuthUser): Promise<ReportRecipientModel[]> {
    return this.service.list(user);
  }

  @ApiOperation({ summary: 'Add a report e-mail recipient' })
  @ApiErrors(400)
  @RequirePermissions('writeCompany')
  @Post()
  @HttpCode(200)
  create(@CurrentUser() user: AuthUser, @Body() input: CreateReportInput): Promise<ReportRecipientModel> {
    return this.service.create(user, input);
  }

  @ApiOperation({ summary: 'Change a report e-mail recipient (only the fields sent)' })
  @ApiErrors(400, 404)
  @RequirePermissions('writeCompany')
  @Patch(':id')
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseIdPipe('id', INPUT_MESSAGES.invalidValue)) id: number,
    @Body() input: UpdateReportInput,
  ): Promise<ReportRecipientModel> {
    return this.service.update(user, id, input);
  }

  @ApiOperation({
    summary: "Delete the company's report recipients with these e-mails; answers how many went",
  })
  @ApiErrors(400)
  @RequirePermissions('writeCompany')
  @Delete()
  @HttpCode(200)
  async deleteMany(
    @CurrentUser() user: AuthUser,
    @Body() input: DeleteReportsInput,
  ): Promise<{ deleted: number }> {
    return { deleted: await this.service.deleteMany(user, input.emails) };
  }
}
