import { Args, Mutation, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { CompaniesService } from './companies.service';
import { CompanyModel } from './models/company.model';

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
}
