import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { BODY_TOKEN_KEY, PUBLIC_KEY, requestFromContext } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { bearerToken } from '../../common/http/bearer-token';
import { RequestUserLog } from '../../common/observability/request-user-log';
import { AuthService } from './auth.service';

function bodyToken(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('token' in body)) return null;
  const { token } = body;
  return typeof token === 'string' && token.trim() !== '' ? token.trim() : null;
}

/** Global guard: every route but the @Public ones needs a valid token bound to a live session. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly userLog: RequestUserLog,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const request = requestFromContext(context);
    const token =
      bearerToken(request.headers.authorization) ??
      (this.reflector.get<boolean>(BODY_TOKEN_KEY, context.getHandler()) ? bodyToken(request.body) : null);
    if (!token) throw new AppException('UNAUTHORIZED', { message: 'Missing bearer token' });
    request.user = await this.auth.authenticate(token);
    this.userLog.assign(request, request.user);
    return true;
  }
}
