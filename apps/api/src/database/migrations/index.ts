import { Foundation1763780000000 } from './1763780000000-foundation';
import { Messaging1763790000000 } from './1763790000000-messaging';
import { Inbox1763800000000 } from './1763800000000-inbox';
import { InboxList1763810000000 } from './1763810000000-inbox-list';
import { Contacts1763820000000 } from './1763820000000-contacts';
import { Multimedia1763850000000 } from './1763850000000-multimedia';
import { ChannelSlots1763860000000 } from './1763860000000-channel-slots';
import { Team1763870000000 } from './1763870000000-team';
import { UserCategories1763874000000 } from './1763874000000-user-categories';
import { CaseInsensitiveUniques1763876000000 } from './1763876000000-case-insensitive-uniques';
import { ReceivedContent1763880000000 } from './1763880000000-received-content';
import { GraphileWorkerJobs1763890000000 } from './1763890000000-graphile-worker-jobs';
import { WhatsappTemplates1763900000000 } from './1763900000000-whatsapp-templates';
import { Automation1764000000000 } from './1764000000000-automation';
import { ChatbotSessions1764000000400 } from './1764000000400-chatbot-sessions';
import { FollowUpSend1764000000600 } from './1764000000600-follow-up-send';
import { SurveyOptionIds1764000000700 } from './1764000000700-survey-option-ids';
import { BotAnswers1764000000800 } from './1764000000800-bot-answers';
import { Campaigns1765000000000 } from './1765000000000-campaigns';
import { CampaignPacing1765000000100 } from './1765000000100-campaign-pacing';
import { Onboarding1766000000000 } from './1766000000000-onboarding';
import { Billing1766000000100 } from './1766000000100-billing';
import { WhatsappLinking1767000000000 } from './1767000000000-whatsapp-linking';
import { CustomPayment1767000000100 } from './1767000000100-custom-payment';
import { Analytics1768000000000 } from './1768000000000-analytics';
import { ReportRecipients1768000000100 } from './1768000000100-report-recipients';
import { Boards1768000000200 } from './1768000000200-boards';
import { type Sealer, SealSecretsAtRest1768000000700 } from './1768000000700-seal-secrets-at-rest';
import { AnalyticsHourlySlots1768000000800 } from './1768000000800-analytics-hourly-slots';
import { ChannelsCompanyIndex1768500000000 } from './1768500000000-channels-company-index';
import { ContactImports1769000000300 } from './1769000000300-contact-imports';

/** Every migration in order; the data source runs these (never `synchronize`). */
export const MIGRATIONS = [
  Foundation1763780000000,
  Messaging1763790000000,
  Inbox1763800000000,
  InboxList1763810000000,
  Contacts1763820000000,
  Multimedia1763850000000,
  ChannelSlots1763860000000,
  Team1763870000000,
  UserCategories1763874000000,
  CaseInsensitiveUniques1763876000000,
  ReceivedContent1763880000000,
  GraphileWorkerJobs1763890000000,
  WhatsappTemplates1763900000000,
  Automation1764000000000,
  ChatbotSessions1764000000400,
  FollowUpSend1764000000600,
  SurveyOptionIds1764000000700,
  BotAnswers1764000000800,
  Campaigns1765000000000,
  CampaignPacing1765000000100,
  Onboarding1766000000000,
  Billing1766000000100,
  WhatsappLinking1767000000000,
  CustomPayment1767000000100,
  Analytics1768000000000,
  ReportRecipients1768000000100,
  Boards1768000000200,
  SealSecretsAtRest1768000000700,
  AnalyticsHourlySlots1768000000800,
  ChannelsCompanyIndex1768500000000,
  ContactImports1769000000300,
];

/** The migrations, the ones that seal secrets given the application's key (null: none, see their comments). */
export function migrationsWithKey(box: Sealer | null): Array<(typeof MIGRATIONS)[number]> {
  return MIGRATIONS.map((m) =>
    m === SealSecretsAtRest1768000000700 ? SealSecretsAtRest1768000000700.withKey(box) : m,
  );
}
