import { vi } from 'vitest';

export interface GraphqlCall {
  operationName: string;
  variables: Record<string, unknown>;
}

export type GraphqlReply =
  | { data: unknown }
  | { errors: Array<{ message: string; extensions?: Record<string, unknown> }> };

type Answer = (
  operationName: string,
  variables: Record<string, unknown>,
) => GraphqlReply | Promise<GraphqlReply>;

/**
 * Replaces fetch for the window's tests: GraphQL operations are answered by operation name (the repo's
 * stubServer answers by path, and every operation shares /graphql); REST paths by path.
 */
export function stubGraphql(
  answer: Answer,
  rest: Record<string, (init: RequestInit | undefined) => Response | Promise<Response>> = {},
): GraphqlCall[] {
  const calls: GraphqlCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      if (path.startsWith('/graphql')) {
        const body = JSON.parse(String(init?.body)) as {
          operationName: string;
          variables?: Record<string, unknown>;
        };
        const variables = body.variables ?? {};
        calls.push({ operationName: body.operationName, variables });
        const reply = await answer(body.operationName, variables);
        return new Response(JSON.stringify(reply), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      const route = rest[path.split('?', 1)[0] ?? path];
      if (route) return route(init);
      return new Response(JSON.stringify({ code: 'NOT_FOUND' }), { status: 404 });
    }),
  );
  return calls;
}

export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
