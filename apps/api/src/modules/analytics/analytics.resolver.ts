import type { AnalyticsResponse } from '@crm/shared';
import { Args, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { JsonScalar } from '../../common/graphql/json.scalar';
import { AnalyticsService } from './analytics.service';
import { AnalyticsInput } from './dto/analytics.input';

/** Issue 20: POST /api/analytics's GraphQL equivalent (same permissions, rules and errors; AnalyticsResponse). */
@Resolver()
export class AnalyticsResolver {
  constructor(private readonly service: AnalyticsService) {}

  @RequirePermissions('readCompany', 'writeCompany', 'readAnalytics')
  @Query(() => JsonScalar, {
    description: 'The statistics of a date range (AnalyticsResponse of @crm/shared).',
  })
  analytics(@CurrentUser() user: AuthUser, @Args('input') input: AnalyticsInput): Promise<AnalyticsResponse> {
    return this.service.dashboard(user, input);
  }
}
