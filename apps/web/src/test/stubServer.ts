import { vi } from 'vitest';

export interface Reply {
  status: number;
  body: unknown;
}

export interface RecordedCall {
  path: string;
  body: unknown;
}

// Replaces fetch: answers REST and GraphQL calls by path, query string ignored (one reply, or one per
// call in turn) and records the paths (with their query) and bodies it was sent.
export function stubServer(routes: Record<string, Reply | Reply[]>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const served: Record<string, number> = {};
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path, body });
    const routePath = path.split('?', 1)[0] ?? path;
    const route = routes[routePath];
    const index = served[routePath] ?? 0;
    served[routePath] = index + 1;
    const reply = Array.isArray(route) ? route[Math.min(index, route.length - 1)] : route;
    const { status, body: replyBody } = reply ?? { status: 404, body: { code: 'NOT_FOUND' } };
    return new Response(JSON.stringify(replyBody), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
