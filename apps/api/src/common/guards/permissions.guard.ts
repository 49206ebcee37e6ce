import { hasAnyPermission, type PermissionName } from '@crm/shared';
import { type CanActivate, type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  AUTHENTICATED_KEY,
  PERMISSIONS_KEY,
  PUBLIC_KEY,
  requestFromContext,
} from '../decorators/auth.decorators';
import { AppException } from '../errors/app.exception';

/**
 * Runs after AuthGuard. Fails closed: a handler that declares neither @Public, @Authenticated nor
 * @RequirePermissions is refused, so a forgotten declaration can never open a route.
 */
@Injectable()
export class PermissionsGuard implements CanActivate {
  private readonly logger = new Logger(PermissionsGuard.name);

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const required = this.reflector.getAllAndOverride<PermissionName[] | undefined>(PERMISSIONS_KEY, targets);
    const anyUser = this.reflector.getAllAndOverride<boolean>(AUTHENTICATED_KEY, targets);
    const user = requestFromContext(context).user;
    if (!user) throw new AppException('UNAUTHORIZED');
    if (required && required.length > 0) {
      if (hasAnyPermission(user.permissions, required)) return true;
      throw new AppException('FORBIDDEN', { message: `Requires one of: ${required.join(', ')}` });
    }
    if (anyUser) return true;
    this.logger.error(`${context.getClass().name}.${context.getHandler().name} declares no permission`);
    throw new AppException('FORBIDDEN', { message: 'Route declares no permission' });
  }
}
