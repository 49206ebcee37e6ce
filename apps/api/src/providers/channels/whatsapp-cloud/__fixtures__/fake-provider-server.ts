import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ProviderError } from '../../channel-provider';

/**
 * Test support: a real HTTP server on 127.0.0.1 standing in for a provider (ARCHITECTURE "Tests"). It records every
 * request exactly as received. A request is answered by the first one-off route it matches, else the first route,
 * else the next queued reply, else the default reply: adapter tests queue replies; end-to-end tests, whose app
 * makes several kinds of call in one action, answer by route as the real API does.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body's exact bytes (binary uploads); servers that only take JSON leave it out. */
  raw?: Buffer;
}

/** A request as this server records it: always with its bytes, and with its body parsed when it is JSON. */
export interface ProviderRequest extends RecordedRequest {
  raw: Buffer;
  /** The parsed body; undefined when it is empty or not JSON (a file upload). */
  json: unknown;
  /** When the request was complete (Date.now()). */
  receivedAt: number;
}

export interface FakeReply {
  status: number;
  /**
   * An object is sent as JSON; a string is sent as is; a function makes each answer from the request's number
   * (1-based), e.g. a fresh message id per send as a real provider gives.
   */
  body?: unknown;
  headers?: Record<string, string>;
  /** Answers this long after the request (a slow provider). */
  delayMs?: number;
}

/**
 * A reply, or what makes it from the request; `params` are the path pattern's captured groups (none for a string
 * or predicate pattern).
 */
export type FakeResponder = FakeReply | ((request: ProviderRequest, params: string[]) => FakeReply);

/** An exact path, a pattern tested against the path, or a test of the whole request. */
export type PathMatcher = string | RegExp | ((request: ProviderRequest) => boolean);

interface Route {
  /** An HTTP method, or '*' for any. */
  method: string;
  path: PathMatcher;
  respond: FakeResponder;
}

/** What a server started without a default reply answers to a request no route takes: a failure naming it. */
function unexpected(request: ProviderRequest): FakeReply {
  return {
    status: 500,
    body: { error: { message: `unexpected ${request.method} ${request.path}`, code: 1 } },
  };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export class FakeProviderServer {
  readonly requests: ProviderRequest[] = [];
  private readonly queued: FakeReply[] = [];
  private readonly routes: Route[] = [];
  private readonly onceRoutes: Route[] = [];

  private constructor(
    private readonly server: Server,
    private readonly defaultReply: FakeResponder,
  ) {}

  static async start(defaultReply: FakeResponder = unexpected): Promise<FakeProviderServer> {
    let fake: FakeProviderServer | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (!fake) return;
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const raw = Buffer.concat(chunks);
        const body = raw.toString('utf8');
        const request: ProviderRequest = {
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body,
          raw,
          json: parseJson(body),
          receivedAt: Date.now(),
        };
        fake.requests.push(request);
        const chosen = fake.answer(request);
        const reply =
          typeof chosen.body === 'function'
            ? { ...chosen, body: (chosen.body as (n: number) => unknown)(fake.requests.length) }
            : chosen;
        const isText = typeof reply.body === 'string';
        const send = () => {
          res.writeHead(reply.status, {
            'content-type': isText ? 'text/html' : 'application/json',
            ...reply.headers,
          });
          res.end(reply.body === undefined ? '' : isText ? reply.body : JSON.stringify(reply.body));
        };
        if (reply.delayMs) setTimeout(send, reply.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeProviderServer(server, defaultReply);
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next request no route takes gets this answer instead of the default one. */
  replyOnce(reply: FakeReply): void {
    this.queued.push(reply);
  }

  /** Every matching request gets this answer, unless a route added earlier takes it first. Kept by reset(). */
  route(method: string, path: PathMatcher, respond: FakeResponder): this {
    this.routes.push({ method, path, respond });
    return this;
  }

  /** The next matching request gets this answer, before any route (a provider's failure, once). */
  routeOnce(method: string, path: PathMatcher, respond: FakeResponder): this {
    this.onceRoutes.push({ method, path, respond });
    return this;
  }

  last(): ProviderRequest {
    const request = this.requests.at(-1);
    if (!request) throw new Error('The fake provider received no request');
    return request;
  }

  /** The requests a route with this method and path would take, in order. */
  to(method: string, path: PathMatcher): ProviderRequest[] {
    return this.requests.filter((request) => matches(method, path, request));
  }

  /** Each request as `METHOD path?query` (no `?` without a query), in order. */
  lines(): string[] {
    return this.requests.map((r) => {
      const query = r.query.toString();
      return `${r.method} ${r.path}${query ? `?${query}` : ''}`;
    });
  }

  /** Forgets the requests, queued replies and one-off routes; the routes stay, as the provider they describe. */
  reset(): void {
    this.requests.length = 0;
    this.queued.length = 0;
    this.onceRoutes.length = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: ProviderRequest): FakeReply {
    const once = this.onceRoutes.findIndex((route) => matches(route.method, route.path, request));
    if (once >= 0) {
      const [route] = this.onceRoutes.splice(once, 1);
      return respond(route, request);
    }
    const route = this.routes.find((r) => matches(r.method, r.path, request));
    if (route) return respond(route, request);
    const queued = this.queued.shift();
    if (queued) return queued;
    return typeof this.defaultReply === 'function' ? this.defaultReply(request, []) : this.defaultReply;
  }
}

function matches(method: string, path: PathMatcher, request: ProviderRequest): boolean {
  if (method !== '*' && method !== request.method) return false;
  if (typeof path === 'string') return path === request.path;
  if (path instanceof RegExp) return path.test(request.path);
  return path(request);
}

function respond(route: Route, request: ProviderRequest): FakeReply {
  if (typeof route.respond !== 'function') return route.respond;
  const params = route.path instanceof RegExp ? (route.path.exec(request.path)?.slice(1) ?? []) : [];
  return route.respond(request, params);
}

/** A loopback URL nobody listens on: a port we bound and released. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A fixture's exact bytes: webhook signatures are computed over them. */
export function fixtureBytes(directory: string, name: string): Buffer {
  return readFileSync(join(directory, '__fixtures__', name));
}

export function fixtureJson(directory: string, name: string): unknown {
  return JSON.parse(fixtureBytes(directory, name).toString('utf8'));
}

/** The ProviderError a send rejected with; fails the test when it resolved or threw something else. */
export async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('Expected the send to fail');
}
