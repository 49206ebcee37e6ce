import { Field, Int, ObjectType } from '@nestjs/graphql';
import { JsonScalar } from '../../../common/graphql/json.scalar';

@ObjectType('WhatsappTemplate')
export class WhatsappTemplateModel {
  @Field(() => Int) id: number;
  @Field(() => Int) channelId: number;
  @Field() name: string;
  @Field() language: string;
  @Field() status: string;
  @Field() type: string;
  @Field() category: string;
  @Field(() => JsonScalar) components: unknown[];
  @Field(() => Int) variables: number;
}
