import { Args, Context, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Request } from 'express';
import { Public } from '../../common/decorators/auth.decorators';
import {
  OnboardingInProcessModel,
  OnboardingInProcessUpdateInput,
  OnboardingInProcessWhereInput,
} from './dto/onboarding.model';
import { OnboardingService } from './onboarding.service';

function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** 01 §7 graph service calls of the onboarding (issue 19); public, as the visitor has no account yet. */
@Resolver(() => OnboardingInProcessModel)
export class OnboardingResolver {
  constructor(private readonly onboarding: OnboardingService) {}

  @Public()
  @Query(() => [OnboardingInProcessModel], {
    description: 'Unfinished sign-up records of an e-mail (at most one). Limited per client address.',
  })
  async onboardingInProcesses(
    @Args('where') where: OnboardingInProcessWhereInput,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 1 }) first: number,
    @Context('req') req: Request,
  ): Promise<OnboardingInProcessModel[]> {
    const views = await this.onboarding.findByEmail(where.email, first, clientIp(req));
    return views.map((view) => OnboardingInProcessModel.from(view));
  }

  @Public()
  @Mutation(() => OnboardingInProcessModel, {
    description:
      "Starts a sign-up for an e-mail, or answers the e-mail's unfinished one. Limited per client address.",
  })
  async createOnboardingInProcess(
    @Args('email') email: string,
    @Context('req') req: Request,
  ): Promise<OnboardingInProcessModel> {
    return OnboardingInProcessModel.from(await this.onboarding.create(email, clientIp(req)));
  }

  @Public()
  @Mutation(() => OnboardingInProcessModel, {
    description: 'Writes location, connSpeedMBps, step or device; the score is recomputed by the server.',
  })
  async updateOnboardingInProcess(
    @Args('id', { type: () => ID }) id: string,
    @Args('data') data: OnboardingInProcessUpdateInput,
  ): Promise<OnboardingInProcessModel> {
    // GraphQL gives absent fields as undefined: only what the client sent is written.
    const sent = Object.fromEntries(Object.entries({ ...data }).filter(([, v]) => v !== undefined));
    return OnboardingInProcessModel.from(await this.onboarding.set(id, sent));
  }
}
