import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Observable } from 'rxjs';
import { requestFromContext } from '../decorators/auth.decorators';

/**
 * Adds the signed-in user and company to the request's log lines, its completion line included (nestjs-pino's
 * `assign` with `assignResponse`). After the guards, where AuthGuard has put the user on the request, whichever
 * HTTP platform carries it; once per request, although GraphQL runs this for each top-level field.
 */
@Injectable()
export class RequestUserLogInterceptor implements NestInterceptor {
  private readonly assigned = new WeakSet<object>();

  constructor(private readonly log: PinoLogger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const type = context.getType<string>();
    if (type === 'http' || type === 'graphql') {
      const req = requestFromContext(context) as
        | (object & { user?: { id: number; companyId: number } })
        | undefined;
      if (req?.user && !this.assigned.has(req)) {
        this.assigned.add(req);
        this.log.assign({ userId: req.user.id, companyId: req.user.companyId });
      }
    }
    return next.handle();
  }
}
