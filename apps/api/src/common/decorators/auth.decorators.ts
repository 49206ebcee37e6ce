import type { PermissionName } from '@crm/shared';
import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Request } from 'express';
import type { AuthUser } from '../auth-user';

export const PUBLIC_KEY = 'access:public';
export const AUTHENTICATED_KEY = 'access:authenticated';
export const PERMISSIONS_KEY = 'access:permissions';

/** Open to anyone: sign-in, webhooks, health. Listed explicitly in the route-permission test. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_KEY, true);

/** Any signed-in user of any role (e.g. `me`, logout). */
export const Authenticated = (): MethodDecorator & ClassDecorator => SetMetadata(AUTHENTICATED_KEY, true);

export const BODY_TOKEN_KEY = 'access:body-token';

/**
 * With @Authenticated: the session token may also come as `token` in the JSON body when no bearer header is sent
 * (01 §7 "POST /logout: token, session"). The bearer header wins when both are there.
 */
export const AcceptsBodyToken = (): MethodDecorator => SetMetadata(BODY_TOKEN_KEY, true);

/** 01 §2.3: any one of the listed permissions suffices. */
export const RequirePermissions = (...permissions: PermissionName[]): MethodDecorator & ClassDecorator =>
  SetMetadata(PERMISSIONS_KEY, permissions);

export function requestFromContext(context: ExecutionContext): Request {
  if (context.getType<string>() === 'graphql') {
    return GqlExecutionContext.create(context).getContext<{ req: Request }>().req;
  }
  return context.switchToHttp().getRequest<Request>();
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = requestFromContext(context).user;
  if (!user) throw new Error('CurrentUser used on a route without authentication');
  return user;
});
