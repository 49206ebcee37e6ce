import { randomUUID } from 'node:crypto';

// What we take from a caller's X-Request-Id: the characters of UUIDs, trace ids and load balancers' ids, and no
// more than fits a log line; anything else (spaces, quotes, newlines) could forge or break log lines.
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's request id when it is well-formed, else a new one (a UUID). */
export function requestIdFor(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && WELL_FORMED.test(value) ? value : randomUUID();
}
