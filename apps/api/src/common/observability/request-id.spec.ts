import { describe, expect, it } from 'vitest';
import { requestIdFor } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFor', () => {
  it("keeps a caller's well-formed id (a UUID, a proxy's own id)", () => {
    expect(requestIdFor('3f0c2a8e-8a51-4d36-9c38-0d5b1b7c2a11')).toBe('3f0c2a8e-8a51-4d36-9c38-0d5b1b7c2a11');
    expect(requestIdFor('lb.7:abc_DEF-9')).toBe('lb.7:abc_DEF-9');
    expect(requestIdFor(['first-id', 'second-id'])).toBe('first-id');
  });

  it('replaces a missing, empty, too long or line-breaking id with a new UUID', () => {
    for (const bad of [
      undefined,
      '',
      'x'.repeat(129),
      'abc\n{"level":60}',
      'a b',
      '<script>',
      'ñ',
      'Root=1-6789',
    ]) {
      expect(requestIdFor(bad), String(bad)).toMatch(UUID);
    }
    expect(requestIdFor('x'.repeat(128))).toBe('x'.repeat(128));
    expect(requestIdFor(undefined)).not.toBe(requestIdFor(undefined));
  });
});
