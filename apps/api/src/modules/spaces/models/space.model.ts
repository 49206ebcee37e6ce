import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { Space } from '../entities/space.entity';

@ObjectType('Space')
export class SpaceModel {
  @Field(() => Int)
  id: number;

  @Field()
  name: string;

  @Field()
  isDefault: boolean;

  @Field()
  isGroup: boolean;

  @Field(() => String, { nullable: true })
  imageUrl: string | null;

  static from(space: Space): SpaceModel {
    return Object.assign(new SpaceModel(), {
      id: space.id,
      name: space.name,
      isDefault: space.isDefault,
      isGroup: space.isGroup,
      imageUrl: space.imageUrl,
    });
  }
}
