import {
  validateCompanyName,
  validateEmail,
  validateName,
  validatePassword,
  validatePhone,
  validateVerificationCode,
} from '@crm/shared';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Rule } from '../../../common/decorators/rule.decorator';

const REQUIRED = 'Campo obligatorio';

export class LoginInput {
  @Rule(validateEmail)
  email: string;

  @IsString({ message: 'Contraseña obligatoria' })
  @IsNotEmpty({ message: 'Contraseña obligatoria' })
  @MaxLength(200, { message: 'Contraseña demasiado larga' })
  password: string;

  @IsOptional()
  @IsString({ message: 'El código es incorrecto, por favor intenta de nuevo.' })
  @MaxLength(20, { message: 'El código es incorrecto, por favor intenta de nuevo.' })
  otp?: string;

  @IsOptional()
  @IsString({ message: REQUIRED })
  @MaxLength(500, { message: 'Token de notificaciones inválido' })
  firebaseToken?: string;
}

export class CredentialsInput {
  @Rule(validateEmail)
  email: string;

  @IsString({ message: 'Contraseña obligatoria' })
  @IsNotEmpty({ message: 'Contraseña obligatoria' })
  @MaxLength(200, { message: 'Contraseña demasiado larga' })
  password: string;

  @IsOptional()
  @IsString({ message: REQUIRED })
  @MaxLength(500, { message: 'Token de notificaciones inválido' })
  firebaseToken?: string;
}

export class EmailInput {
  @Rule(validateEmail)
  email: string;
}

export class VerifyTokenInput {
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  token: string;
}

export class EmailVerificationInput {
  @Rule(validateEmail)
  email: string;

  @IsOptional()
  @IsIn(['BASIC', 'PRO'], { message: 'Plan inválido' })
  plan?: string;
}

export class VerifyCodeInput {
  @Rule(validateEmail)
  email: string;

  @Rule(validateVerificationCode)
  code: string;
}

export class ResetPasswordInput {
  @IsString({ message: 'El enlace para restablecer la contraseña no es válido o ha expirado.' })
  @IsNotEmpty({ message: 'El enlace para restablecer la contraseña no es válido o ha expirado.' })
  @MaxLength(200, { message: 'El enlace para restablecer la contraseña no es válido o ha expirado.' })
  token: string;

  @Rule(validatePassword)
  password: string;
}

export class RegisterInput {
  @Rule(validateName)
  @MaxLength(120, { message: 'El nombre es demasiado largo' })
  name: string;

  @Rule(validateEmail)
  email: string;

  @Rule(validatePassword)
  password: string;

  @Rule(validatePhone)
  phone: string;

  @Rule(validateCompanyName)
  @MaxLength(120, { message: 'El nombre de la compañía es demasiado largo' })
  businessName: string;

  @IsOptional()
  @IsString({ message: REQUIRED })
  @MaxLength(60, { message: 'Categoría inválida' })
  businessCategory?: string;

  @IsOptional()
  @IsString({ message: REQUIRED })
  @MaxLength(300, { message: 'Sitio web inválido' })
  @Matches(/^(https?:\/\/)?[^\s.]+\.[^\s]{2,}$/i, { message: 'Sitio web inválido' })
  website?: string;
}
