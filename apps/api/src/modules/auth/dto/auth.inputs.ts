import {
  AUTH_MESSAGES,
  BUSINESS_CATEGORIES,
  userMessageFor,
  VALIDATION_MESSAGES,
  validateCompanyName,
  validateEmail,
  validateName,
  validatePassword,
  validatePhone,
  validateVerificationCode,
} from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { Rule } from '../../../common/decorators/rule.decorator';

const REQUIRED = VALIDATION_MESSAGES.required;
const RESET_LINK_INVALID = userMessageFor('RESET_TOKEN_INVALID');

export class LoginInput {
  @ApiProperty({ format: 'email', example: 'admin@demo.local' })
  @Rule(validateEmail)
  email: string;

  @ApiProperty({ maxLength: 200, example: 'Demo12345' })
  @IsString({ message: VALIDATION_MESSAGES.passwordRequired })
  @IsNotEmpty({ message: VALIDATION_MESSAGES.passwordRequired })
  @MaxLength(200, { message: AUTH_MESSAGES.passwordTooLong })
  password: string;

  @ApiPropertyOptional({
    maxLength: 20,
    description: 'Authenticator code, when the account or company requires two-factor sign-in',
  })
  @IsOptional()
  @IsString({ message: VALIDATION_MESSAGES.totpCode })
  @MaxLength(20, { message: VALIDATION_MESSAGES.totpCode })
  otp?: string;

  @ApiPropertyOptional({ maxLength: 500, description: 'Push notification token of the device' })
  @IsOptional()
  @IsString({ message: REQUIRED })
  @MaxLength(500, { message: AUTH_MESSAGES.pushTokenInvalid })
  firebaseToken?: string;
}

export class CredentialsInput {
  @ApiProperty({ format: 'email', example: 'admin@demo.local' })
  @Rule(validateEmail)
  email: string;

  @ApiProperty({ maxLength: 200 })
  @IsString({ message: VALIDATION_MESSAGES.passwordRequired })
  @IsNotEmpty({ message: VALIDATION_MESSAGES.passwordRequired })
  @MaxLength(200, { message: AUTH_MESSAGES.passwordTooLong })
  password: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString({ message: REQUIRED })
  @MaxLength(500, { message: AUTH_MESSAGES.pushTokenInvalid })
  firebaseToken?: string;
}

export class LogoutInput {
  @ApiPropertyOptional({
    description:
      'The session token, when it is not sent as the bearer header (01 §7 "POST /logout: token, session")',
  })
  @IsOptional()
  @IsString({ message: REQUIRED })
  @MaxLength(2000, { message: REQUIRED })
  token?: string;
}

export class EmailInput {
  @ApiProperty({ format: 'email', example: 'admin@demo.local' })
  @Rule(validateEmail)
  email: string;
}

export class VerifyTokenInput {
  @ApiProperty({ description: 'A JWT from POST /api/loginDash or /api/register' })
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  token: string;
}

export class EmailVerificationInput {
  @ApiProperty({ format: 'email' })
  @Rule(validateEmail)
  email: string;

  @ApiPropertyOptional({ enum: ['BASIC', 'PRO'] })
  @IsOptional()
  @IsIn(['BASIC', 'PRO'], { message: AUTH_MESSAGES.planInvalid })
  plan?: string;
}

export class VerifyCodeInput {
  @ApiProperty({ format: 'email' })
  @Rule(validateEmail)
  email: string;

  @ApiProperty({ description: 'The 6-character code sent by e-mail', example: 'A1B2C3' })
  @Rule(validateVerificationCode)
  code: string;
}

export class ResetPasswordInput {
  @ApiProperty({ maxLength: 200, description: 'The token of the reset link sent by e-mail' })
  @IsString({ message: RESET_LINK_INVALID })
  @IsNotEmpty({ message: RESET_LINK_INVALID })
  @MaxLength(200, { message: RESET_LINK_INVALID })
  token: string;

  @ApiProperty({ minLength: 8, description: 'At least 8 characters, one of them a digit' })
  @Rule(validatePassword)
  password: string;
}

// Issue 19: with an onboardingId, name, phone and businessName may be left out; the sign-up record gives them.
const givenOrWithoutRecord = (o: RegisterInput, value: unknown) =>
  o.onboardingId === undefined || value !== undefined;

export class RegisterInput {
  @ApiProperty({ maxLength: 120 })
  @ValidateIf(givenOrWithoutRecord)
  @Rule(validateName)
  @MaxLength(120, { message: AUTH_MESSAGES.nameTooLong })
  name?: string;

  @ApiProperty({ format: 'email' })
  @Rule(validateEmail)
  email: string;

  @ApiProperty({ minLength: 8, description: 'At least 8 characters, one of them a digit' })
  @Rule(validatePassword)
  password: string;

  @ApiProperty({ description: 'Digits only', example: '5215512345678' })
  @ValidateIf(givenOrWithoutRecord)
  @Rule(validatePhone)
  phone?: string;

  @ApiProperty({ maxLength: 120 })
  @ValidateIf(givenOrWithoutRecord)
  @Rule(validateCompanyName)
  @MaxLength(120, { message: AUTH_MESSAGES.companyNameTooLong })
  businessName?: string;

  // 01 §2.4: one of the 15 business categories, as the onboarding record takes them.
  @ApiPropertyOptional({ enum: BUSINESS_CATEGORIES })
  @IsOptional()
  @IsIn(BUSINESS_CATEGORIES, { message: AUTH_MESSAGES.categoryInvalid })
  businessCategory?: string;

  @ApiPropertyOptional({ maxLength: 300, example: 'https://example.com' })
  @IsOptional()
  @IsString({ message: REQUIRED })
  @MaxLength(300, { message: AUTH_MESSAGES.websiteInvalid })
  @Matches(/^(https?:\/\/)?[^\s.]+\.[^\s]{2,}$/i, { message: AUTH_MESSAGES.websiteInvalid })
  website?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'Issue 19: the sign-up record to finish. The company is created from it (business name, plan) with a sandbox ' +
      'channel in its default space; name, phone and businessName left out of the body come from it.',
  })
  @IsOptional()
  @IsUUID('all', { message: userMessageFor('ONBOARDING_NOT_FOUND') })
  onboardingId?: string;
}
