import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { CampaignsService } from './campaigns.service';
import { CampaignModel, DeletedCampaignModel } from './models/campaign.model';

/**
 * 02 §7 GraphQL "campaigns by company or channel" and "delete campaign": the REST list and delete of the same
 * service, with the same permission, rules (created after 2023-04-24, newest first) and errors.
 */
@Resolver(() => CampaignModel)
export class CampaignsResolver {
  constructor(private readonly service: CampaignsService) {}

  @RequirePermissions('campaigns')
  @Query(() => [CampaignModel], {
    description: "The company's campaigns, of one channel when given; companyId must be the caller's.",
  })
  campaigns(
    @CurrentUser() user: AuthUser,
    @Args('companyId', { type: () => Int, nullable: true }) companyId: number | null,
    @Args('channelId', { type: () => Int, nullable: true }) channelId: number | null,
  ): Promise<CampaignModel[]> {
    return this.service.listOf(user, companyId, channelId);
  }

  @RequirePermissions('campaigns')
  @Mutation(() => DeletedCampaignModel, {
    description: 'Deletes a campaign: a running one stops first; what was sent stays.',
  })
  deleteCampaign(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<DeletedCampaignModel> {
    return this.service.remove(user, id);
  }
}
