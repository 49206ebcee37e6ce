import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../../config/app-config';
import { logSink, usePrettyOutput } from './log-sink';
import { requestIdFor } from './request-id';

/** Probes and scrapes come every few seconds: their lines are debug, not the day's traffic. */
const PROBE_PATHS = new Set(['/health', '/ready', '/metrics', '/api/health']);

/** The path without its query string: queries carry tokens (hub.verify_token, socket tokens, reset links). */
function pathOf(url: string | undefined): string {
  return (url ?? '').split('?')[0];
}

// What a log line may never show, wherever it comes from: credentials in headers, and secrets or message bodies
// in objects our code logs (pino-http never logs request bodies; these guard the rest).
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-hub-signature-256"]',
  'req.headers["x-webhook-token"]',
  'req.headers["x-twilio-signature"]',
  'req.headers["stripe-signature"]',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  ...[
    'password',
    'token',
    'accessToken',
    'apiKey',
    'secret',
    'authorization',
    'body',
    'content',
    'text',
  ].flatMap((key) => [key, `*.${key}`]),
];

type Request = IncomingMessage & { originalUrl?: string };

// nestjs-pino mounts its middleware for the paths excluded from the /api prefix, and Nest itself mounts it again
// for the wildcard ones (/webhooks/*): a request passing it twice must still make one line.
const logged = new WeakSet<IncomingMessage>();
function loggedAlready(req: IncomingMessage): boolean {
  if (logged.has(req)) return true;
  logged.add(req);
  return false;
}

/**
 * nestjs-pino's options: one JSON line per request (its id, method, path, status, duration, and the user and
 * company when signed in, see RequestUserLog), the request id from a well-formed X-Request-Id or a new UUID, echoed in the answer;
 * every other line logged while the request runs carries the same `reqId` (also in the jobs it enqueues, see
 * JobQueueService). HTTP-platform agnostic: only Node's own request and response are touched.
 */
export function loggerParams(config: AppConfig): Params {
  if (config.nodeEnv === 'development' && process.stdout.isTTY === true) usePrettyOutput();
  const options: Options<Request, ServerResponse> = {
    level: config.logLevel,
    base: { pid: process.pid },
    messageKey: 'msg',
    redact: { paths: REDACTED, censor: '[redacted]' },
    genReqId: (req, res) => {
      const id = requestIdFor(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // In-request lines carry the id only; the request itself is on its completion line.
    quietReqLogger: true,
    autoLogging: { ignore: loggedAlready },
    customAttributeKeys: { responseTime: 'durationMs' },
    customLogLevel: (req, res, error) => {
      const probe = PROBE_PATHS.has(pathOf(req.originalUrl ?? req.url));
      // A probe's 503 repeats every few seconds while the database is away: a warning, not an error each time.
      if (error || res.statusCode >= 500) return probe && !error ? 'warn' : 'error';
      return probe ? 'debug' : 'info';
    },
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    // pino-http invents an error ("failed with status code 503") for a 5xx answer without one: its stack says
    // nothing (the exception filter logs the real one).
    customErrorObject: (_req, res, error, value: Record<string, unknown>) => {
      if (error.message !== `failed with status code ${res.statusCode}`) return value;
      const { err: _synthetic, ...rest } = value;
      return rest;
    },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOf(req.url) }),
      res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
    },
  };
  // The user and company come from RequestUserLog (AuthGuard), also on the completion line.
  return { pinoHttp: [options, logSink], assignResponse: true };
}
