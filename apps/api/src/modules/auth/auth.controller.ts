import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth-user';
import { Authenticated, CurrentUser, Public } from '../../common/decorators/auth.decorators';
import { AuthService, type RequestMeta } from './auth.service';
import {
  CredentialsInput,
  EmailInput,
  EmailVerificationInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  VerifyCodeInput,
  VerifyTokenInput,
} from './dto/auth.inputs';

function meta(req: Request): RequestMeta {
  const ua = req.headers['user-agent'];
  return {
    ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    userAgent: typeof ua === 'string' ? ua : null,
  };
}

/** 01 §7 "Authentication": the exact paths the web client calls. */
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('loginDash')
  @HttpCode(200)
  login(@Body() input: LoginInput, @Req() req: Request) {
    return this.auth.login(input, meta(req));
  }

  @Public()
  @Post('getUserByEmail')
  @HttpCode(200)
  getUserByEmail(@Body() input: EmailInput) {
    return this.auth.getUserByEmail(input.email);
  }

  @Public()
  @Post('sendTwoFactorCode')
  @HttpCode(200)
  sendTwoFactorCode(@Body() input: CredentialsInput, @Req() req: Request) {
    return this.auth.sendTwoFactorCode(input.email, input.password, meta(req));
  }

  @Public()
  @Post('verifyToken')
  @HttpCode(200)
  verifyToken(@Body() input: VerifyTokenInput) {
    return this.auth.verifyToken(input.token);
  }

  @Public()
  @Post('emailVerification')
  @HttpCode(200)
  emailVerification(@Body() input: EmailVerificationInput, @Req() req: Request) {
    return this.auth.emailVerification(input, meta(req));
  }

  @Public()
  @Post('verify')
  @HttpCode(200)
  verify(@Body() input: VerifyCodeInput, @Req() req: Request) {
    return this.auth.verifyEmailCode(input, meta(req));
  }

  @Public()
  @Post('register')
  @HttpCode(200)
  register(@Body() input: RegisterInput, @Req() req: Request) {
    return this.auth.register(input, meta(req));
  }

  @Public()
  @Post('sendResetPasswordEmail')
  @HttpCode(200)
  sendResetPasswordEmail(@Body() input: EmailInput, @Req() req: Request) {
    return this.auth.sendResetPasswordEmail(input.email, meta(req));
  }

  @Public()
  @Post('resetPassword')
  @HttpCode(200)
  resetPassword(@Body() input: ResetPasswordInput, @Req() req: Request) {
    return this.auth.resetPassword(input, meta(req));
  }

  @Authenticated()
  @Post('logout')
  @HttpCode(200)
  async logout(@CurrentUser() user: AuthUser) {
    await this.auth.logout(user);
    return { ok: true };
  }
}
