import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { requestFromContext } from '../decorators/auth.decorators';
import { redactPhones, seesPhoneNumbers } from './phone-privacy';

/**
 * Issue 15 §3, on every REST route and GraphQL query or mutation: an answer to a signed-in user without
 * canSeePhoneNumber carries no customer phone (conversation views lose senderId and their phone-derived key,
 * number-change notices their numbers). One place, so a new route cannot forget it. Streams (exports) are not
 * plain objects and pass untouched: the contact report and export leave the phone column out themselves.
 */
@Injectable()
export class PhonePrivacyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const type = context.getType<string>();
    if (type !== 'http' && type !== 'graphql') return next.handle();
    const user = requestFromContext(context)?.user;
    if (!user || seesPhoneNumbers(user)) return next.handle();
    return next.handle().pipe(map((answer: unknown) => redactPhones(answer)));
  }
}
