import { hasAnyPermission, nonBotSettingKeys } from '@crm/shared';
import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { CompaniesService } from './companies.service';
import { CompanyModel } from './models/company.model';
import {
  CompanyProfileInput,
  CompanySettingsInput,
  CompanySettingsModel,
  ReassignSettingsModel,
} from './models/company-settings.model';

@Resolver(() => CompanyModel)
export class CompaniesResolver {
  constructor(private readonly companies: CompaniesService) {}

  @RequirePermissions('writeCompany')
  @Mutation(() => CompanyModel, {
    description: 'Requires a TOTP second factor for every user of the company.',
  })
  async updateTwoFactorPolicy(
    @CurrentUser() user: AuthUser,
    @Args('enabled') enabled: boolean,
  ): Promise<CompanyModel> {
    return CompanyModel.from(await this.companies.setTwoFactorPolicy(user.companyId, enabled));
  }

  // Issue 17: the bot settings live in these flags too (the Chatbot tab and /bot read them).
  @RequirePermissions('readCompany', 'writeCompany', 'readBot', 'writeBot')
  @Query(() => CompanySettingsModel, { description: '02 §3 Company settings of the caller’s company.' })
  companySettings(@CurrentUser() user: AuthUser): Promise<CompanySettingsModel> {
    return this.companies.getSettings(user.companyId);
  }

  @RequirePermissions('readChat', 'agent')
  @Query(() => ReassignSettingsModel, { description: '02 §3: how the reassignment list shows the team.' })
  async reassignSettings(@CurrentUser() user: AuthUser): Promise<ReassignSettingsModel> {
    const settings = await this.companies.getSettings(user.companyId);
    return Object.assign(new ReassignSettingsModel(), {
      showAvailability: settings.isShowActiveAgents,
      onlyAvailable: settings.forceActiveAgentsReassignation,
      showGroups: settings.isShowGroupsAtReassign,
    });
  }

  @RequirePermissions('writeCompany', 'writeBot')
  @Mutation(() => CompanySettingsModel, {
    description:
      'Changes the flags sent; turning off isBotActiveAfterDay also turns off isBotAutoAssignActiveAfterDay. ' +
      'With writeBot but not writeCompany, only the bot settings (BOT_SETTING_KEYS) may be sent.',
  })
  updateCompanySettings(
    @CurrentUser() user: AuthUser,
    @Args('input') input: CompanySettingsInput,
  ): Promise<CompanySettingsModel> {
    if (!hasAnyPermission(user.permissions, ['writeCompany'])) {
      const others = nonBotSettingKeys(input);
      if (others.length > 0) {
        throw new AppException('FORBIDDEN', { field: others[0], message: 'Only bot settings with writeBot' });
      }
    }
    return this.companies.updateSettings(user.companyId, input);
  }

  @RequirePermissions('writeCompany')
  @Mutation(() => CompanyModel, { description: 'The company’s name and time zone.' })
  async updateCompanyProfile(
    @CurrentUser() user: AuthUser,
    @Args('input') input: CompanyProfileInput,
  ): Promise<CompanyModel> {
    return CompanyModel.from(await this.companies.updateProfile(user.companyId, input));
  }
}
