import { GENERIC_ERROR_MESSAGE, userMessageFor } from '@crm/shared';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import type { GraphQLFormattedError } from 'graphql';
import { publishesApiSchema } from './api-docs';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { PermissionsGuard } from './common/guards/permissions.guard';
import { ObservabilityModule } from './common/observability/observability.module';
import { AppValidationPipe } from './common/pipes/app-validation.pipe';
import { withPhonePrivacy } from './common/privacy/phone-privacy.middleware';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { DatabaseModule } from './database/database.module';
import { DemoSeedModule } from './demo/demo-seed.module';
import { JobsModule } from './jobs/jobs.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { AnalyticsReportsModule } from './modules/analytics-reports/analytics-reports.module';
import { AuthGuard } from './modules/auth/auth.guard';
import { AuthModule } from './modules/auth/auth.module';
import { AutomationModule } from './modules/automation/automation.module';
import { BillingModule } from './modules/billing/billing.module';
import { BoardsModule } from './modules/boards/boards.module';
import { CampaignsModule } from './modules/campaigns/campaigns.module';
import { CategoriesModule } from './modules/categories/categories.module';
import { CompaniesModule } from './modules/companies/companies.module';
import { ContactsModule } from './modules/contacts/contacts.module';
import { ConversationsModule } from './modules/conversations/conversations.module';
import { DatasheetModule } from './modules/datasheet/datasheet.module';
import { FollowUpsModule } from './modules/follow-ups/follow-ups.module';
import { HealthModule } from './modules/health/health.module';
import { LocationsModule } from './modules/locations/locations.module';
import { MessagesModule } from './modules/messages/messages.module';
import { MultimediaModule } from './modules/multimedia/multimedia.module';
import { QuickAnswersModule } from './modules/quick-answers/quick-answers.module';
import { RolesModule } from './modules/roles/roles.module';
import { SandboxModule } from './modules/sandbox/sandbox.module';
import { SpacesModule } from './modules/spaces/spaces.module';
import { TagsModule } from './modules/tags/tags.module';
import { TemplatesModule } from './modules/templates/templates.module';
import { UsersModule } from './modules/users/users.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { WhatsappLinkingModule } from './modules/whatsapp-linking/whatsapp-linking.module';
import { MailModule } from './providers/mail/mail.module';
import { StorageModule } from './providers/storage/storage.module';
import { RealtimeModule } from './realtime/realtime.module';

/** Apollo's own errors (unknown field, bad variables) get the same Spanish userMessage as ours. */
export function formatGraphqlError(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const extensions = { ...(formatted.extensions ?? {}) };
  delete extensions.stacktrace;
  const code = typeof extensions.code === 'string' ? extensions.code : 'INTERNAL_ERROR';
  if (typeof extensions.userMessage !== 'string') {
    extensions.userMessage = code === 'INTERNAL_SERVER_ERROR' ? GENERIC_ERROR_MESSAGE : userMessageFor(code);
  }
  return { ...formatted, extensions };
}

@Module({})
export class AppModule {
  static register(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        ObservabilityModule.forRoot(config),
        DatabaseModule.forRoot(databaseUrl),
        GraphQLModule.forRoot<ApolloDriverConfig>({
          driver: ApolloDriver,
          path: '/graphql',
          autoSchemaFile: true,
          sortSchema: true,
          graphiql: publishesApiSchema(config),
          introspection: publishesApiSchema(config),
          includeStacktraceInErrorResponses: false,
          context: ({ req, res }: { req: unknown; res: unknown }) => ({ req, res }),
          formatError: formatGraphqlError,
          transformSchema: withPhonePrivacy,
        }),
        RealtimeModule,
        JobsModule,
        MailModule,
        StorageModule,
        RolesModule,
        CompaniesModule,
        SpacesModule,
        UsersModule,
        AuthModule,
        MessagesModule,
        // Before WebhooksModule: its /webhooks/:provider would otherwise answer /webhooks/stripe.
        BillingModule,
        WebhooksModule,
        ConversationsModule,
        ContactsModule,
        TagsModule,
        CategoriesModule,
        LocationsModule,
        DatasheetModule,
        FollowUpsModule,
        QuickAnswersModule,
        MultimediaModule,
        TemplatesModule,
        SandboxModule,
        WhatsappLinkingModule,
        AutomationModule,
        CampaignsModule,
        BoardsModule,
        AnalyticsModule,
        AnalyticsReportsModule,
        DemoSeedModule,
        HealthModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: PermissionsGuard },
        { provide: APP_PIPE, useClass: AppValidationPipe },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
      exports: [APP_CONFIG],
    };
  }
}
