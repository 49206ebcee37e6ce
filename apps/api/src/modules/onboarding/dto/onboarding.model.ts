import { VALIDATION_MESSAGES } from '@crm/shared';
import { Field, Float, GraphQLISODateTime, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { Allow, IsString, MaxLength } from 'class-validator';
import type { OnboardingView } from '../onboarding.service';

/** 01 §3 OnboardingInProcess, as the graph service answers it (public by id or by e-mail: no company data). */
@ObjectType('OnboardingInProcess')
export class OnboardingInProcessModel {
  @Field(() => ID)
  id: string;

  @Field()
  email: string;

  @Field(() => String, { nullable: true })
  name: string | null;

  @Field(() => String, { nullable: true })
  planName: string | null;

  @Field()
  step: string;

  @Field(() => String, { nullable: true })
  prevStep: string | null;

  @Field(() => String, { nullable: true })
  businessName: string | null;

  @Field(() => String, { nullable: true })
  businessCategory: string | null;

  @Field(() => String, { nullable: true })
  businessWeb: string | null;

  @Field(() => Boolean, { nullable: true })
  hasWebsite: boolean | null;

  @Field(() => Float, { description: '01 §9 lead score, computed by the server from the stored answers' })
  score: number;

  @Field(() => String, { nullable: true })
  location: string | null;

  @Field(() => String, { nullable: true })
  country: string | null;

  @Field(() => String, { nullable: true, description: 'mobile or desktop' })
  device: string | null;

  @Field(() => Float, { nullable: true })
  connSpeedMBps: number | null;

  @Field(() => String, { nullable: true })
  phone: string | null;

  @Field(() => Int, { nullable: true })
  messages: number | null;

  @Field(() => Int, { nullable: true })
  agents: number | null;

  @Field(() => String, { nullable: true })
  referralCode: string | null;

  @Field(() => GraphQLISODateTime)
  updatedAt: Date;

  static from(view: OnboardingView): OnboardingInProcessModel {
    return Object.assign(new OnboardingInProcessModel(), {
      id: view.id,
      email: view.email,
      name: view.name,
      planName: view.planName,
      step: view.step,
      prevStep: view.prevStep,
      businessName: view.businessName,
      businessCategory: view.businessCategory,
      businessWeb: view.businessWeb,
      hasWebsite: view.hasWebsite,
      score: view.score,
      location: view.location,
      country: view.country,
      device: view.device,
      connSpeedMBps: view.connSpeedMBps,
      phone: view.phone,
      messages: view.messages,
      agents: view.agents,
      referralCode: view.referralCode,
      updatedAt: view.updatedAt,
    });
  }
}

@InputType()
export class OnboardingInProcessWhereInput {
  @Field()
  @IsString({ message: VALIDATION_MESSAGES.emailRequired })
  @MaxLength(254, { message: VALIDATION_MESSAGES.emailInvalid })
  email: string;
}

/**
 * 01 §7 updateOnboardingInProcess data: score, location, connSpeedMBps, step, or device with connSpeedMBps and
 * location. Checked like POST /api/onboarding/set (each field is only @Allow()ed through the validation pipe's
 * whitelist; parseOnboardingData checks it); score is accepted for the client's sake and ignored.
 */
@InputType()
export class OnboardingInProcessUpdateInput {
  @Allow()
  @Field(() => Float, { nullable: true, description: 'Ignored: the server computes the score (01 §9)' })
  score?: number | null;

  @Allow()
  @Field(() => String, { nullable: true })
  location?: string | null;

  @Allow()
  @Field(() => Float, { nullable: true })
  connSpeedMBps?: number | null;

  @Allow()
  @Field(() => String, { nullable: true })
  step?: string | null;

  @Allow()
  @Field(() => String, { nullable: true, description: 'mobile or desktop' })
  device?: string | null;
}
