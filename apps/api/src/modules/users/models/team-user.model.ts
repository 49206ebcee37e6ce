import { Field, Int, ObjectType } from '@nestjs/graphql';
import { CategoryModel } from '../../categories/models/category.model';
import { SpaceModel } from '../../spaces/models/space.model';
import { RoleModel } from './me.model';

@ObjectType('TeamWorkingDay')
export class TeamWorkingDayModel {
  @Field({ description: 'monday … sunday' }) day: string;
  @Field() isActive: boolean;
  @Field({ description: "'HH:mm'" }) start: string;
  @Field({ description: "'HH:mm'" }) end: string;
}

@ObjectType('TeamWorkingHours')
export class TeamWorkingHoursModel {
  @Field(() => Int, { description: '02 §3 Working hours (per user): whose they are.' }) userId: number;
  @Field() timezone: string;
  @Field() isActive: boolean;
  @Field(() => [TeamWorkingDayModel]) days: TeamWorkingDayModel[];
}

/** 02 §3 User.location {id, name}. */
@ObjectType('TeamLocation')
export class TeamLocationModel {
  @Field(() => Int) id: number;
  @Field() name: string;
}

/** 02 §3 User.company {id, name, utcOffsetLabel}. */
@ObjectType('TeamCompany')
export class TeamCompanyModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field({ description: "The company's time zone offset now, as 'GMT-6' (timeZoneOffset)." })
  utcOffsetLabel: string;
}

/** 02 §3 User as the team screens show it. */
@ObjectType('TeamUser')
export class TeamUserModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() email: string;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field(() => String, { nullable: true }) imageUrl: string | null;
  @Field() isAvailable: boolean;
  @Field(() => RoleModel) rol: RoleModel;
  @Field(() => [SpaceModel]) spaces: SpaceModel[];
  @Field(() => [Int]) isAdminOfIds: number[];
  @Field(() => TeamWorkingHoursModel, { nullable: true }) workingHours: TeamWorkingHoursModel | null;
  @Field(() => TeamLocationModel, { nullable: true }) location: TeamLocationModel | null;
  @Field(() => [CategoryModel]) categories: CategoryModel[];
  @Field({ description: 'ISO 8601' }) createdAt: string;
  @Field({ description: 'ISO 8601' }) updatedAt: string;
  @Field(() => TeamCompanyModel) company: TeamCompanyModel;
  @Field({
    description:
      'Whether the caller may edit or delete this user: their role holds no permission the caller lacks, and a superadmin only for a superadmin.',
  })
  canManage: boolean;
}

@ObjectType('TeamLimits')
export class TeamLimitsModel {
  @Field(() => Int) users: number;
  @Field(() => Int) admins: number;
  @Field(() => Int, { nullable: true, description: 'null: no limit' }) usersLimit: number | null;
  @Field(() => Int, { nullable: true, description: 'null: no limit' }) adminsLimit: number | null;
}

@ObjectType('TeamFormOptions')
export class TeamFormOptionsModel {
  /** Only the roles the caller may give (see roleGrantError). */
  @Field(() => [RoleModel]) roles: RoleModel[];
  @Field(() => [SpaceModel]) spaces: SpaceModel[];
  @Field(() => [TeamLocationModel]) locations: TeamLocationModel[];
  @Field(() => [CategoryModel]) categories: CategoryModel[];
  @Field({ description: "The company's time zone: the default of a new schedule." }) timezone: string;
}
