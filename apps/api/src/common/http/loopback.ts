import type { Request } from 'express';

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * A request made on this machine itself: it reached the loopback interface and was not relayed by a proxy (a
 * reverse proxy on the same machine connects from loopback too, but says whom it relays). `req.ip` is not
 * used: with `trust proxy` it is whatever a forwarded header claims.
 */
export function isLocalRequest(req: Pick<Request, 'socket' | 'headers'>): boolean {
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  if (req.headers['x-real-ip'] !== undefined) return false;
  return isLoopbackAddress(req.socket.remoteAddress);
}
