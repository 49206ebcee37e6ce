import { INPUT_MESSAGES, userMessageFor } from '@crm/shared';
import { Args, Field, InputType, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AgentModel, TagModel } from './models/tag.model';
import { TagsAdminService } from './tags-admin.service';

@InputType()
class TagInput {
  @Field()
  @IsString({ message: userMessageFor('TAG_NAME_EMPTY') })
  @MaxLength(200, { message: INPUT_MESSAGES.nameTooLong })
  name: string;

  @Field(() => String, {
    nullable: true,
    description: 'One of the 7 palette colours; the first when absent.',
  })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidColor })
  color?: string | null;
}

/** What the inbox's pickers offer: the company's tags and agents (02 §2 filters, info panel); tag administration. */
@Resolver()
export class TagsResolver {
  constructor(private readonly admin: TagsAdminService) {}

  @RequirePermissions('writeTags')
  @Mutation(() => TagModel)
  createTag(@CurrentUser() user: AuthUser, @Args('input') input: TagInput): Promise<TagModel> {
    return this.admin.create(user, input);
  }

  @RequirePermissions('writeTags')
  @Mutation(() => TagModel)
  updateTag(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
    @Args('input') input: TagInput,
  ): Promise<TagModel> {
    return this.admin.update(user, id, input);
  }

  @RequirePermissions('writeTags')
  @Mutation(() => Boolean)
  deleteTag(@CurrentUser() user: AuthUser, @Args('id', { type: () => Int }) id: number): Promise<boolean> {
    return this.admin.delete(user, id);
  }

  @RequirePermissions('readChat', 'agent', 'readTags', 'writeTags')
  @Query(() => [TagModel])
  tags(@CurrentUser() user: AuthUser): Promise<TagModel[]> {
    return this.admin.list(user.companyId);
  }

  /**
   * 02 §6: with readUsers the whole team; without it the agent filter lists only the caller. Whoever can reassign
   * conversations also gets the whole team: they need someone to reassign to.
   */
  @RequirePermissions('readChat', 'agent')
  @Query(() => [AgentModel])
  agents(@CurrentUser() user: AuthUser): Promise<AgentModel[]> {
    return this.admin.agents(user);
  }
}
