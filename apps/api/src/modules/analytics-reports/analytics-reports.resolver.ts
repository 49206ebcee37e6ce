import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AnalyticsReportsService } from './analytics-reports.service';
import { CreateReportInput, ReportRecipientModel, UpdateReportInput } from './models/report-recipient.model';

/** 01 §7 Statistics: report e-mail recipients of the caller's company (readCompany to list, writeCompany to change). */
@Resolver(() => ReportRecipientModel)
export class AnalyticsReportsResolver {
  constructor(private readonly service: AnalyticsReportsService) {}

  /** The spec's "reports by company": the company is the caller's; `company` may name it (another one: 403). */
  @RequirePermissions('readCompany', 'writeCompany')
  @Query(() => [ReportRecipientModel])
  reports(
    @CurrentUser() user: AuthUser,
    @Args('company', { type: () => Int, nullable: true }) company: number | null,
  ): Promise<ReportRecipientModel[]> {
    return this.service.list(user, company);
  }

  @RequirePermissions('writeCompany')
  @Mutation(() => ReportRecipientModel)
  createReport(
    @CurrentUser() user: AuthUser,
    @Args('input') input: CreateReportInput,
  ): Promise<ReportRecipientModel> {
    return this.service.create(user, input);
  }

  @RequirePermissions('writeCompany')
  @Mutation(() => ReportRecipientModel)
  updateReport(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
    @Args('input') input: UpdateReportInput,
  ): Promise<ReportRecipientModel> {
    return this.service.update(user, id, input);
  }

  /** How many of the company's recipients went. */
  @RequirePermissions('writeCompany')
  @Mutation(() => Int)
  deleteManyReports(
    @CurrentUser() user: AuthUser,
    @Args('emails', { type: () => [String] }) emails: string[],
  ): Promise<number> {
    return this.service.deleteMany(user, emails);
  }
}
