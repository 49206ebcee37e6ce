import {
  COMPANY_TEMPLATE_LANGUAGES,
  type CompanySettings,
  type CompanyTemplateLanguage,
  INPUT_MESSAGES,
  TAG_MESSAGES,
  TAGS_LIMIT,
  TEAM_MESSAGES,
  TEMPLATE_MESSAGES,
  VALIDATION_MESSAGES,
} from '@crm/shared';
import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
} from 'class-validator';

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
  @Field(() => String, {
    description: 'WhatsApp language code of templates created without one, e.g. es_MX.',
  })
  templateLanguage: CompanyTemplateLanguage;
  @Field(() => [Int], { description: 'Issue 17: tags whose conversations the menu bot never answers.' })
  disableBotTagIds: number[];
}

/** Only the flags sent change; the rest keep their value. */
@InputType()
export class CompanySettingsInput implements Partial<CompanySettings> {
  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  isWelcomeMessageActive?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  isAgentNameInMessageActive?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  canUnarchiveConversations?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  canReturnInboxConversation?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  isBotAutoAssignActive?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  isBotAutoAssignActiveAfterDay?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  isBotActiveAfterDay?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  forceActiveAgentsReassignation?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  automaticAssignment?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  showClientCloseOption?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  sentClientSurveyByDefault?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  archiveClosedClientByDefault?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  isShowActiveAgents?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  includeAdsTags?: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  isShowGroupsAtReassign?: boolean;

  @Field(() => String, { nullable: true, description: 'One of es_MX, es_AR, es_ES, es, pt_BR, en_US, en.' })
  @IsOptional()
  @IsIn(COMPANY_TEMPLATE_LANGUAGES, { message: TEMPLATE_MESSAGES.languageInvalid })
  templateLanguage?: CompanyTemplateLanguage;

  @Field(() => [Int], {
    nullable: true,
    description: 'Issue 17: the whole list of disable-bot tags (replaces the one stored).',
  })
  @IsOptional()
  @IsArray({ message: INPUT_MESSAGES.invalidList })
  @ArrayMaxSize(TAGS_LIMIT, { message: INPUT_MESSAGES.invalidValue })
  @IsInt({ each: true, message: INPUT_MESSAGES.invalidValue })
  @Min(1, { each: true, message: TAG_MESSAGES.notFound })
  disableBotTagIds?: number[];
}

@InputType()
export class CompanyProfileInput {
  @Field({ nullable: true })
  @IsOptional()
  @IsString({ message: VALIDATION_MESSAGES.companyRequired })
  @MaxLength(500, { message: INPUT_MESSAGES.nameTooLong })
  name?: string;

  @Field({ nullable: true, description: 'IANA time zone, e.g. America/Mexico_City.' })
  @IsOptional()
  @IsString({ message: TEAM_MESSAGES.timezoneInvalid })
  @MaxLength(60, { message: TEAM_MESSAGES.timezoneInvalid })
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
