import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedRequest } from '../../whatsapp-cloud/__fixtures__/fake-provider-server';

/**
 * Test support: a fake Graph API on 127.0.0.1 for the Page-management calls, which go to several paths in one
 * sync. Each request is recorded as received and answered by the first route whose method and path match
 * (one-off routes first, in the order added; then routes added later before earlier ones, so a test can override a
 * default); an unmatched request gets a Graph 404 error.
 */

export interface GraphReply {
  status: number;
  body: unknown;
}

type Responder = GraphReply | ((request: RecordedRequest) => GraphReply);

interface Route {
  method: string;
  path: RegExp;
  reply: Responder;
  once: boolean;
}

export class FakeGraphServer {
  readonly requests: RecordedRequest[] = [];
  private routes: Route[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeGraphServer> {
    let fake: FakeGraphServer | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (!fake) return;
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const request: RecordedRequest = {
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        fake.requests.push(request);
        const reply = fake.answer(request);
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeGraphServer(server);
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  on(method: string, path: RegExp, reply: Responder): this {
    const lastOnce = this.routes.findLastIndex((r) => r.once);
    this.routes.splice(lastOnce + 1, 0, { method, path, reply, once: false });
    return this;
  }

  /** Answers the next matching request only, then falls back to the other routes. */
  once(method: string, path: RegExp, reply: Responder): this {
    const lastOnce = this.routes.findLastIndex((r) => r.once);
    this.routes.splice(lastOnce + 1, 0, { method, path, reply, once: true });
    return this;
  }

  last(): RecordedRequest {
    const request = this.requests.at(-1);
    if (!request) throw new Error('The fake Graph API received no request');
    return request;
  }

  /** Requests to a path, in order. */
  to(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  reset(): void {
    this.requests.length = 0;
    this.routes = [];
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: RecordedRequest): GraphReply {
    const index = this.routes.findIndex((r) => r.method === request.method && r.path.test(request.path));
    if (index === -1) {
      return {
        status: 404,
        body: { error: { message: `Unknown path ${request.path}`, type: 'GraphMethodException', code: 100 } },
      };
    }
    const route = this.routes[index];
    if (route.once) this.routes.splice(index, 1);
    return typeof route.reply === 'function' ? route.reply(request) : route.reply;
  }
}

/** A form-encoded or JSON request body as a plain record. */
export function formOf(request: RecordedRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.body));
}
