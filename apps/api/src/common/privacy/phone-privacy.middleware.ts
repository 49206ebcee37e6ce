import type { NextFunction, Request, Response } from 'express';
import {
  defaultFieldResolver,
  type GraphQLFieldResolver,
  GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { redactPhones, seesPhoneNumbers } from './phone-privacy';

/*
 * Issue 15 §3 on every answer: a signed-in user without canSeePhoneNumber gets no customer phone (conversation
 * views lose senderId and their phone-derived key, number-change notices their numbers). Two global hooks, one
 * per transport, so a new route or resolver cannot forget it:
 * - REST: `res.json` of every /api request redacts once the guard has put the user on the request;
 * - GraphQL: every resolver of ours (queries, mutations, resolved fields) redacts what it returns before field
 *   selection, so the check sees the whole view whatever the query asked for.
 * Not a Nest interceptor: any global interceptor makes Nest run every route (the webhooks too) through an RxJS
 * chain, which measured 4–5% of the webhook ingest path's CPU (docs/benchmarks.md, issue 15).
 * Streams (exports) are not JSON and pass untouched: the contact report and export leave the phone out themselves.
 */
export function phonePrivacyMiddleware(req: Request, res: Response, next: NextFunction): void {
  const json = res.json.bind(res);
  res.json = (body?: unknown) => json(req.user && !seesPhoneNumbers(req.user) ? redactPhones(body) : body);
  next();
}

type ResolverContext = { req?: Request } | undefined;

function redactFor(context: ResolverContext, answer: unknown): unknown {
  const user = context?.req?.user;
  return user && !seesPhoneNumbers(user) ? redactPhones(answer) : answer;
}

/**
 * Wraps, in place, every resolver Nest built from our resolvers (root queries and mutations and the
 * @ResolveField ones); fields read straight off their parent are covered by the parent's redaction.
 */
export function withPhonePrivacy(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve: GraphQLFieldResolver<unknown, ResolverContext> | undefined = field.resolve;
      if (!resolve || resolve === defaultFieldResolver) continue;
      field.resolve = (source, args, context: ResolverContext, info) => {
        const answer: unknown = resolve(source, args, context, info);
        // Synchronous resolvers stay synchronous: a promise per field would slow every list down.
        return answer instanceof Promise
          ? answer.then((value: unknown) => redactFor(context, value))
          : redactFor(context, answer);
      };
    }
  }
  return schema;
}
