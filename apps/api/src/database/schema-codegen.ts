import { Cli } from 'kysely-codegen';

/**
 * How `schema.ts` (the Kysely table types) is generated from the migrated database. TypeORM migrations stay the
 * schema's source of truth; this turns what they produced into types, so a query that names a missing column
 * or writes a wrong type fails to compile. `pnpm --filter @crm/api db:types` rewrites the file; the database
 * test fails when it is stale.
 */
export const SCHEMA_TYPES_FILE = 'src/database/schema.ts';

const jsonb = (type: string, nullable = false, generated = false): string => {
  const column = `ColumnType<${type}${nullable ? ' | null' : ''}, JsonbInput<${type}>${nullable ? ' | null' : ''}, JsonbInput<${type}>${nullable ? ' | null' : ''}>`;
  return generated ? `Generated<${column}>` : column;
};

export const SCHEMA_CODEGEN_OVERRIDES: Record<string, string> = {
  'board_columns.followUp': jsonb('BoardFollowUp', true),
  'bot_sessions.state': jsonb('ChatbotState', false, true),
  'bot_sessions.status': 'Generated<BotSessionStatus>',
  'campaigns.template': jsonb('CampaignTemplate'),
  'campaigns.status': 'Generated<CampaignStatus>',
  'campaign_recipients.state': 'Generated<RecipientState>',
  'channels.platform': 'ChannelPlatform',
  'chatbot_menus.menu': jsonb('ChatbotMenu'),
  'channel_slots.status': 'Generated<ChannelStatus>',
  'clients.referral': jsonb('ReferralView', true),
  'companies.paymentMethod': 'PaymentMethod | null',
  'companies.plan': 'Generated<Plan>',
  'companies.settings': jsonb('Partial<CompanySettings>', false, true),
  'companies.status': 'Generated<CompanyStatus>',
  'datasheet_fields.options': jsonb('string[]', false, true),
  'datasheet_fields.type': 'DatasheetFieldType',
  'follow_up_messages.file': jsonb('FollowUpFile', true),
  'follow_up_messages.status': 'Generated<FollowUpStatus>',
  'follow_up_messages.variables': jsonb('string[]', false, true),
  'message_bot_configs.variables': jsonb('string[]', false, true),
  'messages.payload': jsonb('JsonRecord', true),
  'messages.sender': 'MessageSender',
  'quick_answers.file': jsonb('QuickAnswerFile', true),
  'survey_configs.options': jsonb('SurveyOption[]', false, true),
  'users.twoFactorStatus': 'Generated<TwoFactorStatus>',
  'user_working_hours.days': jsonb('WorkingDay[]'),
  'welcome_messages.variables': jsonb('string[]', false, true),
  'whatsapp_templates.components': jsonb('TemplateComponent[]', false, true),
  'whatsapp_templates.origin': 'Generated<TemplateOrigin>',
  'whatsapp_templates.status': 'Generated<TemplateStatus>',
};

const CUSTOM_IMPORTS: Record<string, string> = {
  JsonbInput: './jsonb',
  // From the shared table, not providers/: the database layer sits below the providers that use it.
  BoardFollowUp: '@crm/shared',
  ChannelPlatform: '@crm/shared',
  ChannelStatus: '@crm/shared',
  ChatbotMenu: '@crm/shared',
  ChatbotState: '@crm/shared',
  CompanySettings: '@crm/shared',
  CompanyStatus: '@crm/shared',
  DatasheetFieldType: '@crm/shared',
  PaymentMethod: '@crm/shared',
  Plan: '@crm/shared',
  ReferralView: '@crm/shared',
  WorkingDay: '@crm/shared',
  BotSessionStatus: './column-types',
  CampaignTemplate: './column-types',
  CampaignStatus: './column-types',
  RecipientState: './column-types',
  FollowUpFile: './column-types',
  FollowUpStatus: './column-types',
  JsonRecord: './column-types',
  MessageSender: './column-types',
  QuickAnswerFile: './column-types',
  SurveyOption: './column-types',
  TemplateComponent: './column-types',
  TemplateOrigin: './column-types',
  TemplateStatus: './column-types',
  TwoFactorStatus: './column-types',
};

/** Introspects the database at `url` and returns the generated file's text (written to `outFile` when given). */
export async function generateSchemaTypes(url: string, outFile: string | null): Promise<string> {
  const cli = new Cli();
  cli.logLevel = 'error';
  return cli.generate({
    dialect: 'postgres',
    url,
    outFile,
    defaultSchemas: ['public'],
    // Our tables only: Graphile Worker's schema is reached through its SQL functions (jobs.repository.ts).
    includePattern: 'public.*',
    // The migrations' bookkeeping table is TypeORM's, not ours.
    excludePattern: 'public.migrations',
    overrides: { columns: SCHEMA_CODEGEN_OVERRIDES },
    customImports: CUSTOM_IMPORTS,
    typeOnlyImports: true,
    logLevel: 'error',
  });
}
