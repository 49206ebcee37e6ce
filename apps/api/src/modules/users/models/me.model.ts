import type { PermissionName } from '@crm/shared';
import { Field, Int, ObjectType } from '@nestjs/graphql';
import { JsonScalar } from '../../../common/graphql/json.scalar';
import { CompanyModel } from '../../companies/models/company.model';
import { SpaceModel } from '../../spaces/models/space.model';

@ObjectType('Rol')
export class RoleModel {
  @Field(() => Int)
  id: number;

  @Field()
  name: string;
}

@ObjectType('UserSummary')
export class UserSummaryModel {
  @Field(() => Int)
  id: number;

  @Field()
  name: string;

  @Field()
  email: string;

  @Field(() => String, { nullable: true })
  imageUrl: string | null;

  @Field()
  isAvailable: boolean;

  @Field(() => RoleModel)
  rol: RoleModel;
}

@ObjectType('Me')
export class MeModel extends UserSummaryModel {
  @Field(() => String, { nullable: true })
  phone: string | null;

  @Field(() => JsonScalar, {
    description: 'Every permission name (01 §6) → whether the role grants it (01 §3 User).',
  })
  permissions: Record<PermissionName, boolean>;

  @Field(() => CompanyModel)
  company: CompanyModel;

  @Field(() => [SpaceModel])
  spaces: SpaceModel[];

  @Field(() => Int, { nullable: true })
  selectedSpaceId: number | null;

  @Field({ description: 'Whether this user signs in with a TOTP second factor.' })
  twoFactorEnabled: boolean;

  @Field(() => [Int], { description: 'Agents this user administers (02 §6 isAdminOfIds).' })
  isAdminOfIds: number[];

  @Field(() => [Int], {
    description: 'Channels whose conversations the inbox lists: the selected space, or every visible space.',
  })
  spaceChannelIds: number[];
}
