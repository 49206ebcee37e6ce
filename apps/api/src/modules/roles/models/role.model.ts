import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Role')
export class RoleModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field({ description: 'Unique per company: the company id and the role name (02 §3 Role.key).' })
  key: string;
  @Field(() => Int) companyId: number;
  @Field(() => [String]) permissions: string[];
  @Field(() => Int, { description: 'Users who have it.' }) userCount: number;
  @Field({ description: 'superadmin: neither editable nor deletable.' }) isSuperadmin: boolean;
  @Field({ description: 'admin and superadmin: not deletable.' }) isAdmin: boolean;
}

/** 02 §3 Permission: id, name. */
@ObjectType('Permission')
export class PermissionModel {
  @Field(() => Int) id: number;
  @Field() name: string;
}
