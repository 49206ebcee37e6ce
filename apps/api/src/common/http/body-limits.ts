import { MAX_FILE_BYTES, MAX_FILES_PER_DROP } from '@crm/shared';
import type { NextFunction, Request, Response } from 'express';
import { toErrorBody } from '../errors/all-exceptions.filter';
import { AppException } from '../errors/app.exception';

/** Bodies of provider webhooks (kept raw for their signatures). */
export const WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024;
/** JSON and form bodies of the API and GraphQL. */
export const JSON_BODY_LIMIT = 2 * 1024 * 1024;
/** Room for a multipart body's boundaries, part headers and text fields beside its files. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/** The largest body a multipart route of `maxFiles` files may declare. */
export function multipartLimit(maxFiles: number): number {
  return maxFiles * MAX_FILE_BYTES + MULTIPART_OVERHEAD;
}

/** The most any request to this path with this type may declare; multipart routes narrow it further. */
function declaredLimit(req: Request): number {
  if (req.path === '/webhooks' || req.path.startsWith('/webhooks/')) return WEBHOOK_BODY_LIMIT;
  if (req.is('multipart/form-data')) return multipartLimit(MAX_FILES_PER_DROP);
  return JSON_BODY_LIMIT;
}

function declaredLength(req: Request): number | null {
  const header = req.headers['content-length'];
  if (header === undefined) return null;
  const length = Number(header);
  return Number.isFinite(length) ? length : null;
}

/**
 * Whether a request declares more than `limit`; if so its connection is marked to close once answered. Body
 * parsers refuse such a length too, but only after reading (and discarding) the whole body: a client declaring
 * 50 GB kept a request open for as long as it cared to trickle bytes. Nothing of the body is read here.
 */
export function declaresMoreThan(req: Request, res: Response, limit: number): boolean {
  const length = declaredLength(req);
  if (length === null || length <= limit) return false;
  // Node closes a 'Connection: close' socket once the answer is out, instead of draining the body to reuse it.
  res.setHeader('Connection', 'close');
  return true;
}

export function tooLargeFor(req: Request): AppException {
  return req.is('multipart/form-data')
    ? new AppException('FILE_TOO_LARGE', { field: 'file', message: 'Declared body too large' })
    : new AppException('PAYLOAD_TOO_LARGE', { field: 'body', message: 'Declared body too large' });
}

/** First middleware of the app: no route reads a body larger than it accepts. */
export function declaredLengthGuard(req: Request, res: Response, next: NextFunction): void {
  if (!declaresMoreThan(req, res, declaredLimit(req))) {
    next();
    return;
  }
  const { status, body } = toErrorBody(tooLargeFor(req));
  res.status(status).json(body);
}
