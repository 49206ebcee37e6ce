import { describe, expect, it } from 'vitest';
import { boardAccess, canEditBoard, canManageBoard, clampIndex, sumAmounts } from './boards';

const board = { ownerId: 1, memberIds: [2], guestIds: [3] };

describe('board access (02 §6)', () => {
  it('names what each user is on the board', () => {
    expect(boardAccess(board, { id: 1, roleName: 'agente' })).toBe('owner');
    expect(boardAccess(board, { id: 2, roleName: 'agente' })).toBe('member');
    expect(boardAccess(board, { id: 3, roleName: 'admin' })).toBe('guest');
    expect(boardAccess(board, { id: 4, roleName: 'admin' })).toBeNull();
    // The company's superadmin loads every board, shared or not; the owner stays the owner.
    expect(boardAccess(board, { id: 4, roleName: 'superadmin' })).toBe('superadmin');
    expect(boardAccess(board, { id: 1, roleName: 'superadmin' })).toBe('owner');
  });

  it('lets members edit, the owner and the superadmin also delete and share, guests only look', () => {
    const table = (['owner', 'superadmin', 'member', 'guest', null] as const).map((access) => [
      access,
      canEditBoard(access),
      canManageBoard(access),
    ]);
    expect(table).toEqual([
      ['owner', true, true],
      ['superadmin', true, true],
      ['member', true, false],
      ['guest', false, false],
      [null, false, false],
    ]);
  });
});

describe('column figures', () => {
  it('adds amounts in cents, so totals carry no float drift', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts([1999.99, null, 0.01])).toBe(2000);
    expect(sumAmounts([])).toBe(0);
  });

  it('clamps a drop index to the target column', () => {
    expect(clampIndex(2, 5)).toBe(2);
    expect(clampIndex(9, 5)).toBe(5);
    expect(clampIndex(-1, 5)).toBe(0);
    expect(clampIndex(1.7, 5)).toBe(1);
    expect(clampIndex(Number.NaN, 5)).toBe(0);
  });
});
