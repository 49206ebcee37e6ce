import { INPUT_MESSAGES, PERMISSION_NAMES, ROLE_MESSAGES } from '@crm/shared';
import { Args, Field, InputType, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { IsArray, IsString, MaxLength } from 'class-validator';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { PermissionModel, RoleModel } from './models/role.model';
import { RolesAdminService } from './roles-admin.service';

@InputType()
class RoleInput {
  @Field()
  @IsString({ message: ROLE_MESSAGES.nameRequired })
  @MaxLength(200, { message: INPUT_MESSAGES.nameTooLong })
  name: string;

  @Field(() => [String])
  @IsArray({ message: ROLE_MESSAGES.permissionsRequired })
  @IsString({ each: true, message: INPUT_MESSAGES.invalidPermission })
  permissions: string[];
}

@Resolver(() => RoleModel)
export class RolesResolver {
  constructor(private readonly admin: RolesAdminService) {}

  @RequirePermissions('readRols', 'writeRols', 'readUsers', 'writeUsers')
  @Query(() => [RoleModel], { description: 'The company’s roles with their permissions and user counts.' })
  roles(@CurrentUser() user: AuthUser): Promise<RoleModel[]> {
    return this.admin.list(user);
  }

  @RequirePermissions('readRols', 'writeRols')
  @Query(() => [String], { description: 'Every permission name (01 §6), for the role form.' })
  permissionNames(): string[] {
    return [...PERMISSION_NAMES];
  }

  @RequirePermissions('readRols', 'writeRols')
  @Query(() => [PermissionModel], { description: '02 §3 Permission {id, name}: every permission, by name.' })
  permissions(): Promise<PermissionModel[]> {
    return this.admin.permissions();
  }

  @RequirePermissions('writeRols')
  @Mutation(() => RoleModel)
  createRole(@CurrentUser() user: AuthUser, @Args('input') input: RoleInput): Promise<RoleModel> {
    return this.admin.create(user, input);
  }

  @RequirePermissions('writeRols')
  @Mutation(() => RoleModel)
  updateRole(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
    @Args('input') input: RoleInput,
  ): Promise<RoleModel> {
    return this.admin.update(user, id, input);
  }

  @RequirePermissions('writeRols')
  @Mutation(() => Boolean)
  deleteRole(@CurrentUser() user: AuthUser, @Args('id', { type: () => Int }) id: number): Promise<boolean> {
    return this.admin.delete(user, id);
  }
}
