import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AppException } from '../../common/errors/app.exception';
import { bearerToken } from '../../common/http/bearer-token';
import { isLocalRequest } from '../../common/http/loopback';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics reveals volumes (webhooks, sends, queue depth): only a scrape from this machine (loopback, not
 * relayed by a proxy) or one whose bearer token is METRICS_TOKEN is answered. A guard, so a refusal is the usual
 * JSON error and not the exposition's text type.
 */
@Injectable()
export class MetricsAccessGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    // Node's request fields only (Express's request and Fastify's both have them).
    const req = context.switchToHttp().getRequest<Pick<IncomingMessage, 'socket' | 'headers'>>();
    const token = bearerToken(req.headers.authorization);
    const allowed =
      token === null
        ? isLocalRequest(req)
        : this.config.metricsToken !== null && sameSecret(token, this.config.metricsToken);
    if (!allowed)
      throw new AppException('UNAUTHORIZED', { message: 'Metrics need loopback or METRICS_TOKEN' });
    return true;
  }
}
