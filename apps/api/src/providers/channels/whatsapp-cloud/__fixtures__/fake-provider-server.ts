import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ProviderError } from '../../channel-provider';

/**
 * Test support: a real HTTP server on 127.0.0.1 standing in for a provider (ARCHITECTURE "Tests"). It records every
 * request exactly as received and answers with queued replies, then the default one.
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

export interface FakeReply {
  status: number;
  /**
   * An object is sent as JSON; a string is sent as is; a function makes each answer from the request's number
   * (1-based), e.g. a fresh message id per send as a real provider gives.
   */
  body?: unknown;
  headers?: Record<string, string>;
}

export class FakeProviderServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queued: FakeReply[] = [];

  private constructor(
    private readonly server: Server,
    private readonly defaultReply: FakeReply,
  ) {}

  static async start(defaultReply: FakeReply): Promise<FakeProviderServer> {
    let fake: FakeProviderServer | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (!fake) return;
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        fake.requests.push({
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          raw: Buffer.concat(chunks),
        });
        const chosen = fake.queued.shift() ?? fake.defaultReply;
        const reply =
          typeof chosen.body === 'function'
            ? { ...chosen, body: (chosen.body as (n: number) => unknown)(fake.requests.length) }
            : chosen;
        const isText = typeof reply.body === 'string';
        res.writeHead(reply.status, {
          'content-type': isText ? 'text/html' : 'application/json',
          ...reply.headers,
        });
        res.end(reply.body === undefined ? '' : isText ? reply.body : JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeProviderServer(server, defaultReply);
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next request gets this answer instead of the default one. */
  replyOnce(reply: FakeReply): void {
    this.queued.push(reply);
  }

  last(): RecordedRequest {
    const request = this.requests.at(-1);
    if (!request) throw new Error('The fake provider received no request');
    return request;
  }

  reset(): void {
    this.requests.length = 0;
    this.queued.length = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
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
