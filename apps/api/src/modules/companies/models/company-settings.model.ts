import type { CompanySettings } from '@crm/shared';
import { Field, InputType, ObjectType } from '@nestjs/graphql';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

/** 02 §3 Company settings, every flag resolved against its default. */
@ObjectType('CompanySettings')
export class CompanySettingsModel implements CompanySettings {
  @Field() isWelcomeMessageActive: boolean;
  @Field() isAgentNameInMessageActive: boolean;
  @Field() canUnarchiveConversations: boolean;
  @Field() canReturnInboxConversation: boolean;
  @Field() isBotAutoAssignActive: boolean;
  @Field() isBotAutoAssignActiveAfterDay: boolean;
  @Field() isBotActiveAfterDay: boolean;
  @Field() forceActiveAgentsReassignation: boolean;
  @Field() automaticAssignment: boolean;
  @Field() showClientCloseOption: boolean;
  @Field() sentClientSurveyByDefault: boolean;
  @Field() archiveClosedClientByDefault: boolean;
  @Field() isShowActiveAgents: boolean;
  @Field() includeAdsTags: boolean;
  @Field() isShowGroupsAtReassign: boolean;
}

/** Only the flags sent change; the rest keep their value. */
@InputType()
export class CompanySettingsInput implements Partial<CompanySettings> {
  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  isWelcomeMessageActive?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  isAgentNameInMessageActive?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  canUnarchiveConversations?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  canReturnInboxConversation?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  isBotAutoAssignActive?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  isBotAutoAssignActiveAfterDay?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  isBotActiveAfterDay?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  forceActiveAgentsReassignation?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  automaticAssignment?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  showClientCloseOption?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  sentClientSurveyByDefault?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  archiveClosedClientByDefault?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  isShowActiveAgents?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  includeAdsTags?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'Valor inválido' })
  isShowGroupsAtReassign?: boolean;
}

@InputType()
export class CompanyProfileInput {
  @Field({ nullable: true })
  @IsOptional()
  @IsString({ message: 'Compañia obligatoria' })
  @MaxLength(500, { message: 'El nombre es demasiado largo.' })
  name?: string;

  @Field({ nullable: true, description: 'IANA time zone, e.g. America/Mexico_City.' })
  @IsOptional()
  @IsString({ message: 'Zona horaria inválida' })
  @MaxLength(60, { message: 'Zona horaria inválida' })
  timezone?: string;
}

/** The settings that shape the reassignment list, readable by whoever works the inbox. */
@ObjectType('ReassignSettings')
export class ReassignSettingsModel {
  @Field({ description: 'isShowActiveAgents: the list shows who is available.' }) showAvailability: boolean;
  @Field({ description: 'forceActiveAgentsReassignation: only available agents can be chosen.' })
  onlyAvailable: boolean;
  @Field({ description: "isShowGroupsAtReassign: group admins' groups can be chosen too." })
  showGroups: boolean;
}
