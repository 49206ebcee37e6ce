import { Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';

/**
 * Adds the signed-in user and company to the request's log lines, its completion line included (nestjs-pino's
 * `assign` with `assignResponse`). Called by AuthGuard once it has the user, whichever HTTP platform carries the
 * request; once per request, although GraphQL runs the guard for each top-level field. Not a global interceptor:
 * any global interceptor makes every route, the provider webhooks too, run through an RxJS chain (measured in
 * issue 15 and again in issue 22: rxjs back at 3.4 % of the webhook path's CPU).
 */
@Injectable()
export class RequestUserLog {
  private readonly assigned = new WeakSet<object>();

  constructor(private readonly log: PinoLogger) {}

  assign(req: object, user: { id: number; companyId: number }): void {
    if (this.assigned.has(req)) return;
    this.assigned.add(req);
    this.log.assign({ userId: user.id, companyId: user.companyId });
  }
}
