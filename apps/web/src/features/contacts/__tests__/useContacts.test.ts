import { describe, expect, it } from 'vitest';
import { needsNextBlock } from '../useContacts';

describe('needsNextBlock', () => {
  it('asks for the next 50 only on the last loaded page and only when the server has more', () => {
    // 50 rows = 8 pages of 7 (the last one with 1 row).
    expect(needsNextBlock(7, 50, true)).toBe(false);
    expect(needsNextBlock(8, 50, true)).toBe(true);
    expect(needsNextBlock(8, 50, false)).toBe(false);
    expect(needsNextBlock(1, 0, true)).toBe(true);
    expect(needsNextBlock(1, 3, false)).toBe(false);
  });
});
