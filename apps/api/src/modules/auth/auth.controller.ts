import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth-user';
import {
  AcceptsBodyToken,
  Authenticated,
  CurrentUser,
  Public,
} from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { AuthService, type RequestMeta } from './auth.service';
import {
  CredentialsInput,
  EmailInput,
  EmailVerificationInput,
  LoginInput,
  LogoutInput,
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
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @ApiOperation({
    summary: 'Sign in with e-mail and password (and the authenticator code when two-factor is on)',
  })
  @ApiErrors(400, 401, 429)
  @Public()
  @Post('loginDash')
  @HttpCode(200)
  login(@Body() input: LoginInput, @Req() req: Request) {
    return this.auth.login(input, meta(req));
  }

  @ApiOperation({ summary: 'Whether an account uses two-factor sign-in' })
  @ApiErrors(400)
  @Public()
  @Post('getUserByEmail')
  @HttpCode(200)
  getUserByEmail(@Body() input: EmailInput) {
    return this.auth.getUserByEmail(input.email);
  }

  @ApiOperation({
    summary:
      "Check the credentials and answer the authenticator's state (its enrolment URI while unconfirmed)",
  })
  @ApiErrors(400, 401, 429)
  @Public()
  @Post('sendTwoFactorCode')
  @HttpCode(200)
  sendTwoFactorCode(@Body() input: CredentialsInput, @Req() req: Request) {
    return this.auth.sendTwoFactorCode(input.email, input.password, meta(req));
  }

  @ApiOperation({ summary: 'Check a token: its user and company' })
  @ApiErrors(400, 401)
  @Public()
  @Post('verifyToken')
  @HttpCode(200)
  verifyToken(@Body() input: VerifyTokenInput) {
    return this.auth.verifyToken(input.token);
  }

  @ApiOperation({ summary: 'Send the sign-up code by e-mail' })
  @ApiErrors(400, 409, 429)
  @Public()
  @Post('emailVerification')
  @HttpCode(200)
  emailVerification(@Body() input: EmailVerificationInput, @Req() req: Request) {
    return this.auth.emailVerification(input, meta(req));
  }

  @ApiOperation({ summary: 'Check the sign-up code' })
  @ApiErrors(400, 404, 429)
  @Public()
  @Post('verify')
  @HttpCode(200)
  verify(@Body() input: VerifyCodeInput, @Req() req: Request) {
    return this.auth.verifyEmailCode(input, meta(req));
  }

  @ApiOperation({ summary: 'Create a company (trial) with the caller as superadmin; answers a token' })
  @ApiErrors(400, 409)
  @Public()
  @Post('register')
  @HttpCode(200)
  register(@Body() input: RegisterInput, @Req() req: Request) {
    return this.auth.register(input, meta(req));
  }

  @ApiOperation({ summary: 'Send a password-reset link (always answers sent)' })
  @ApiErrors(400, 429)
  @Public()
  @Post('sendResetPasswordEmail')
  @HttpCode(200)
  sendResetPasswordEmail(@Body() input: EmailInput, @Req() req: Request) {
    return this.auth.sendResetPasswordEmail(input.email, meta(req));
  }

  @ApiOperation({ summary: 'Set a new password with the reset link token' })
  @ApiErrors(400)
  @Public()
  @Post('resetPassword')
  @HttpCode(200)
  resetPassword(@Body() input: ResetPasswordInput, @Req() req: Request) {
    return this.auth.resetPassword(input, meta(req));
  }

  @ApiOperation({
    summary:
      'Revoke the session and close its sockets; the token comes as the bearer header or as `token` in the body',
  })
  @ApiSignedIn({ permissions: false })
  @Authenticated()
  @AcceptsBodyToken()
  @Post('logout')
  @HttpCode(200)
  // 01 §7 names the body `{token, session}`; `session` (the client's own session data) is accepted and ignored.
  async logout(@CurrentUser() user: AuthUser, @Body() _input: LogoutInput) {
    await this.auth.logout(user);
    return { ok: true };
  }
}
