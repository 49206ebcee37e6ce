import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedRequest } from './fake-provider-server';

/**
 * Test support: a loopback server speaking the media part of a provider's API, with its authentication checked on
 * every call (ARCHITECTURE "Tests"):
 * - Graph (WhatsApp Cloud API): GET /{media-id} with `Authorization: Bearer <token>` answers
 *   {messaging_product, url, mime_type, sha256, file_size, id}; GET of that url with the same token answers the bytes;
 * - 360dialog: the same calls with `D360-API-KEY: <key>`, the url naming Meta's host (lookaside.fbsbx.com), which
 *   the client must replace by 360dialog's before downloading;
 * - plain files at a path (a Messenger CDN link, a Twilio media URL), optionally behind HTTP Basic.
 * Failures are queued per media id; a lookup can be held until the test releases it.
 */

export interface FakeMediaFile {
  bytes: Buffer;
  mimeType: string;
  /** What the lookup says file_size is, when it should not be the real length. */
  declaredSize?: number;
}

export interface FakeMediaAuth {
  header: 'authorization' | 'd360-api-key';
  value: string;
}

export const META_MEDIA_HOST = 'https://lookaside.fbsbx.com';

const MEDIA_PATH = '/whatsapp_business/attachments/';

export class FakeMediaServer {
  readonly requests: RecordedRequest[] = [];
  /** Bodies of POST /{phone-number-id}/messages (sends), in order. */
  readonly sent: unknown[] = [];
  private readonly media = new Map<string, FakeMediaFile>();
  private readonly paths = new Map<string, { file: FakeMediaFile; basic?: string }>();
  private readonly lookupFailures = new Map<string, number[]>();
  private readonly downloadFailures = new Map<string, number[]>();
  private readonly holds = new Map<string, Promise<void>>();
  private issued = 0;

  private constructor(
    private readonly server: Server,
    private readonly auth: FakeMediaAuth,
    private readonly answeredHost: string | null,
  ) {}

  /** `answeredHost`: the origin the lookup's url names (360dialog: Meta's); this server's own by default. */
  static async start(auth: FakeMediaAuth, answeredHost: string | null = null): Promise<FakeMediaServer> {
    let fake: FakeMediaServer | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (fake) void fake.handle(req, Buffer.concat(chunks).toString('utf8'), res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeMediaServer(server, auth, answeredHost);
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  addMedia(mediaId: string, file: FakeMediaFile): void {
    this.media.set(mediaId, file);
  }

  /** A file at a path, e.g. a CDN link; with `basic` ("user:password") it needs that HTTP Basic authentication. */
  addPath(path: string, file: FakeMediaFile, basic?: string): void {
    this.paths.set(path, { file, basic });
  }

  /** The next lookups of this media id answer these statuses, one each. */
  failLookup(mediaId: string, ...statuses: number[]): void {
    this.lookupFailures.set(mediaId, [...(this.lookupFailures.get(mediaId) ?? []), ...statuses]);
  }

  /** The next downloads of this media id answer these statuses (401/404/410: an expired URL). */
  failDownload(mediaId: string, ...statuses: number[]): void {
    this.downloadFailures.set(mediaId, [...(this.downloadFailures.get(mediaId) ?? []), ...statuses]);
  }

  /** Lookups of this media id wait until the returned function is called. */
  hold(mediaId: string): () => void {
    let release: () => void = () => undefined;
    this.holds.set(
      mediaId,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    return () => {
      this.holds.delete(mediaId);
      release();
    };
  }

  lookups(mediaId: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'GET' && r.path === `/${mediaId}`);
  }

  downloads(mediaId: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === MEDIA_PATH && r.query.get('mid') === mediaId);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, body: string, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
    });
    const plain = this.paths.get(url.pathname);
    if (plain) return this.servePath(req, res, plain);
    if (req.method === 'POST' && /^\/[^/]+\/messages$/.test(url.pathname))
      return this.acceptSend(req, body, res);
    if (!this.authorized(req)) return json(res, 401, graphError(190, 'Invalid OAuth access token.'));
    if (url.pathname === MEDIA_PATH) return this.download(url.searchParams.get('mid') ?? '', res);
    const mediaId = decodeURIComponent(url.pathname.slice(1));
    if (req.method === 'GET' && mediaId && !mediaId.includes('/')) return this.lookup(mediaId, res);
    json(res, 404, { error: 'no such route' });
  }

  private authorized(req: IncomingMessage): boolean {
    return req.headers[this.auth.header] === this.auth.value;
  }

  private async lookup(mediaId: string, res: ServerResponse): Promise<void> {
    await this.holds.get(mediaId);
    const failure = this.lookupFailures.get(mediaId)?.shift();
    if (failure)
      return json(res, failure, graphError(failure >= 500 ? 1 : 100, `Lookup failed (${failure})`));
    const file = this.media.get(mediaId);
    if (!file) return json(res, 400, graphError(100, 'Unsupported get request: no such media'));
    this.issued += 1;
    const base = this.answeredHost ?? this.url;
    json(res, 200, {
      messaging_product: 'whatsapp',
      url: `${base}${MEDIA_PATH}?mid=${encodeURIComponent(mediaId)}&ext=${this.issued}&hash=ATs`,
      mime_type: file.mimeType,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      file_size: file.declaredSize ?? file.bytes.length,
      id: mediaId,
    });
  }

  private download(mediaId: string, res: ServerResponse): void {
    const failure = this.downloadFailures.get(mediaId)?.shift();
    const file = this.media.get(mediaId);
    if (failure) json(res, failure, graphError(failure >= 500 ? 1 : 100, `Download failed (${failure})`));
    else if (!file) json(res, 404, graphError(100, 'No such media'));
    else sendBytes(res, file);
  }

  private servePath(
    req: IncomingMessage,
    res: ServerResponse,
    entry: { file: FakeMediaFile; basic?: string },
  ): void {
    if (entry.basic) {
      const expected = `Basic ${Buffer.from(entry.basic, 'utf8').toString('base64')}`;
      if (req.headers.authorization !== expected) {
        res.writeHead(401, {
          'www-authenticate': 'Basic realm="Twilio API"',
          'content-type': 'application/json',
        });
        res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
        return;
      }
    }
    sendBytes(res, entry.file);
  }

  private acceptSend(req: IncomingMessage, body: string, res: ServerResponse): void {
    if (!this.authorized(req)) {
      json(res, 401, graphError(190, 'Invalid OAuth access token.'));
      return;
    }
    this.sent.push(JSON.parse(body));
    json(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: 'x', wa_id: 'x' }],
      messages: [{ id: `wamid.FAKE${this.sent.length}.${Date.now()}` }],
    });
  }
}

function graphError(code: number, message: string) {
  return { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf' } };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendBytes(res: ServerResponse, file: FakeMediaFile): void {
  res.writeHead(200, { 'content-type': file.mimeType, 'content-length': String(file.bytes.length) });
  res.end(file.bytes);
}
