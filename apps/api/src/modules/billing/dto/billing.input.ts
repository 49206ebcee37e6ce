import {
  SIMULATED_BILLING_EVENT_TYPES,
  type SimulatedBillingEventType,
  userMessageFor,
  VALIDATION_MESSAGES,
} from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

const REQUIRED = VALIDATION_MESSAGES.required;
const BAD_PLAN = userMessageFor('INCORRECT_PLAN_KEY');
// The offer itself (which agents and conversations a plan sells) is checked by the service with isPlanOffer.
const PLAN_KEYS = ['BASIC', 'PRO'];

/** 01 §7 POST /update-test-plan, /billing/change-plan and the plan part of the first payment. */
export class PlanSelectionInput {
  @ApiProperty({ enum: PLAN_KEYS, example: 'BASIC' })
  @IsIn(PLAN_KEYS, { message: BAD_PLAN })
  plan: string;

  @ApiProperty({ example: 2, description: 'Agents (seats) bought' })
  @Type(() => Number)
  @IsInt({ message: BAD_PLAN })
  @Min(1, { message: BAD_PLAN })
  @Max(1000, { message: BAD_PLAN })
  agents: number;

  @ApiProperty({ example: 400, description: 'Conversations per month bought' })
  @Type(() => Number)
  @IsInt({ message: BAD_PLAN })
  @Min(1, { message: BAD_PLAN })
  @Max(100000, { message: BAD_PLAN })
  messages: number;
}

/** Card digits, accepted by the sandbox only (Stripe cards come as a payment method id from Elements). */
export class RawCardInput {
  @ApiProperty({ example: '4242 4242 4242 4242' })
  @IsString({ message: userMessageFor('INVALID_NUMBER') })
  @Matches(/^[\d\s-]{12,23}$/, { message: userMessageFor('INVALID_NUMBER') })
  number: string;

  @ApiProperty({ example: 12 })
  @Type(() => Number)
  @IsInt({ message: userMessageFor('INVALID_EXPIRY') })
  expMonth: number;

  @ApiProperty({ example: 2030 })
  @Type(() => Number)
  @IsInt({ message: userMessageFor('INVALID_EXPIRY') })
  @Min(2000, { message: userMessageFor('INVALID_EXPIRY') })
  @Max(2200, { message: userMessageFor('INVALID_EXPIRY') })
  expYear: number;

  @ApiProperty({ example: '123' })
  @IsString({ message: userMessageFor('INVALID_CVC') })
  @Matches(/^\d{3,4}$/, { message: userMessageFor('INVALID_CVC') })
  cvc: string;
}

export class FirstPaymentInput extends PlanSelectionInput {
  @ApiPropertyOptional({ description: 'Payment method id from Stripe Elements (pm_…)' })
  @IsOptional()
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(255, { message: REQUIRED })
  paymentMethodId?: string;

  @ApiPropertyOptional({ type: RawCardInput, description: 'Sandbox mode only: the card digits' })
  @IsOptional()
  @ValidateNested()
  @Type(() => RawCardInput)
  card?: RawCardInput;
}

/** 01 §7 POST /customer/new-card {cardId, customerId, setDefault}; `card` in sandbox mode. */
export class NewCardInput {
  @ApiPropertyOptional({ description: 'Payment method id from Stripe Elements (pm_…)' })
  @IsOptional()
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(255, { message: REQUIRED })
  cardId?: string;

  @ApiProperty({ description: "The company's customer id at the provider" })
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(255, { message: REQUIRED })
  customerId: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: REQUIRED })
  setDefault?: boolean;

  @ApiPropertyOptional({ type: RawCardInput, description: 'Sandbox mode only: the card digits' })
  @IsOptional()
  @ValidateNested()
  @Type(() => RawCardInput)
  card?: RawCardInput;
}

/** 01 §7 POST /customer/card/default {providerCustomerId, providerMethodId}. */
export class DefaultCardInput {
  @ApiProperty()
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(255, { message: REQUIRED })
  providerCustomerId: string;

  @ApiProperty()
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(255, { message: REQUIRED })
  providerMethodId: string;
}

/** Sandbox mode: what happens next at the provider (a renewal paid or refused, the trial ending, the end). */
export class SandboxEventInput {
  @ApiProperty({ enum: SIMULATED_BILLING_EVENT_TYPES })
  @IsIn(SIMULATED_BILLING_EVENT_TYPES, { message: REQUIRED })
  type: SimulatedBillingEventType;
}
