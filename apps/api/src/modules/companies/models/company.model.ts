import { analyticsRangeLimit, companySettings } from '@crm/shared';
import { Field, GraphQLISODateTime, Int, ObjectType } from '@nestjs/graphql';
import type { CompanyRow } from '../companies.repository';

@ObjectType('Company')
export class CompanyModel {
  @Field(() => Int)
  id: number;

  @Field()
  name: string;

  @Field()
  status: string;

  @Field(() => GraphQLISODateTime, { nullable: true })
  expirationDate: Date | null;

  @Field(() => Int)
  paymentIntents: number;

  @Field(() => String, { nullable: true })
  paymentMethod: string | null;

  @Field()
  isBoardsActive: boolean;

  @Field()
  hasUsed2FA: boolean;

  /** 01 §2.6: paid outside the product (agreed with sales): no subscription payment banner. */
  @Field()
  isCustomPayment: boolean;

  @Field()
  timezone: string;

  /** 01 §5/§9: the longest statistics range in days (the company's override, else 15). */
  @Field(() => Int)
  analyticsRangeDays: number;

  /** 02 §3 Company: the settings the spec also lists on the company itself (companySettings has them all). */
  @Field()
  isWelcomeMessageActive: boolean;

  @Field()
  isAgentNameInMessageActive: boolean;

  @Field()
  canReturnInboxConversation: boolean;

  static from(
    company: Pick<
      CompanyRow,
      | 'id'
      | 'name'
      | 'status'
      | 'expirationDate'
      | 'paymentIntents'
      | 'paymentMethod'
      | 'isBoardsActive'
      | 'hasUsed2FA'
      | 'isCustomPayment'
      | 'timezone'
      | 'analyticsRangeDays'
      | 'settings'
    >,
  ): CompanyModel {
    const settings = companySettings(company.settings);
    return Object.assign(new CompanyModel(), {
      id: company.id,
      name: company.name,
      status: company.status,
      expirationDate: company.expirationDate,
      paymentIntents: company.paymentIntents,
      paymentMethod: company.paymentMethod,
      isBoardsActive: company.isBoardsActive,
      hasUsed2FA: company.hasUsed2FA,
      isCustomPayment: company.isCustomPayment,
      timezone: company.timezone,
      analyticsRangeDays: analyticsRangeLimit(company.analyticsRangeDays),
      isWelcomeMessageActive: settings.isWelcomeMessageActive,
      isAgentNameInMessageActive: settings.isAgentNameInMessageActive,
      canReturnInboxConversation: settings.canReturnInboxConversation,
    });
  }
}
