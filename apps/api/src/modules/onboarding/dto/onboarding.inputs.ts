import { ONBOARDING_MESSAGES, VALIDATION_MESSAGES } from '@crm/shared';
import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsObject, IsString, MaxLength } from 'class-validator';

/** POST /api/onboarding/set: the record's id and the fields to write (each checked by parseOnboardingData). */
export class SetOnboardingInput {
  @ApiProperty({ format: 'uuid', description: 'The record id answered by createOnboardingInProcess' })
  @IsString({ message: VALIDATION_MESSAGES.required })
  @IsNotEmpty({ message: VALIDATION_MESSAGES.required })
  @MaxLength(64, { message: VALIDATION_MESSAGES.required })
  id: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'Any of: email, name, planName, step, prevStep, businessName, businessCategory, businessWeb, hasWebsite, ' +
      'location, country, device, connSpeedMBps, phone, isUseNewPhone, messages, agents, referralCode. ' +
      'A score sent here is ignored: the server computes it (01 §9).',
    example: { name: 'Ana Lopez', step: 'phone', prevStep: 'name' },
  })
  @IsObject({ message: ONBOARDING_MESSAGES.dataRequired })
  data: Record<string, unknown>;
}

export class SetOldPhoneInput {
  @ApiProperty({ description: 'true: a new number is linked; false: the number the business already uses' })
  @IsBoolean({ message: VALIDATION_MESSAGES.selectOption })
  isUseNewPhone: boolean;
}

export class SendOnboardingVideoInput {
  @ApiProperty({ description: 'true mails the instruction video to the caller (once)' })
  @IsBoolean({ message: VALIDATION_MESSAGES.selectOption })
  send: boolean;
}
