import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { isLocalRequest } from './loopback';

function request(remoteAddress: string | undefined, headers: Record<string, string> = {}) {
  return { socket: { remoteAddress }, headers } as unknown as Pick<Request, 'socket' | 'headers'>;
}

describe('isLocalRequest', () => {
  it('accepts the loopback interface in IPv4, IPv6 and mapped forms', () => {
    expect(isLocalRequest(request('127.0.0.1'))).toBe(true);
    expect(isLocalRequest(request('127.4.5.6'))).toBe(true);
    expect(isLocalRequest(request('::1'))).toBe(true);
    expect(isLocalRequest(request('::ffff:127.0.0.1'))).toBe(true);
  });

  it('refuses other interfaces and unknown peers', () => {
    expect(isLocalRequest(request('192.168.1.20'))).toBe(false);
    expect(isLocalRequest(request('::ffff:10.0.0.7'))).toBe(false);
    expect(isLocalRequest(request('fe80::1'))).toBe(false);
    expect(isLocalRequest(request('1127.0.0.1'))).toBe(false);
    expect(isLocalRequest(request(undefined))).toBe(false);
  });

  it('refuses a request relayed by a proxy on this machine', () => {
    expect(isLocalRequest(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }))).toBe(false);
    expect(isLocalRequest(request('127.0.0.1', { forwarded: 'for=203.0.113.9' }))).toBe(false);
    expect(isLocalRequest(request('::1', { 'x-real-ip': '203.0.113.9' }))).toBe(false);
  });
});
