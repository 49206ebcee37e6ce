import { MESSAGE_BOT_MESSAGES } from '@crm/shared';
import { Field, InputType, Int } from '@nestjs/graphql';
import { IsInt, IsOptional } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

/** 02 §7 "message bots create": one config armed for one conversation by hand. */
@InputType()
export class CreateMessageBotInput {
  @Field(() => Int, { description: 'An active follow-up bot of the company.' })
  @IsId(MESSAGE_BOT_MESSAGES.configNotFound)
  configId: number;

  @Field(() => Int, { description: "A conversation of the config's channel." })
  @IsId(MESSAGE_BOT_MESSAGES.conversationNotFound)
  clientId: number;

  @Field(() => Int, {
    nullable: true,
    description:
      "When it fires, in seconds since the epoch (now to 30 days); now + the config's wait when absent.",
  })
  @IsOptional()
  @IsInt({ message: MESSAGE_BOT_MESSAGES.nextDateInvalid })
  nextDate?: number | null;
}
