import { describe, expect, it } from 'vitest';
import { planMessengerSync } from './messenger-sync';

describe('planMessengerSync', () => {
  it('refreshes known pages still returned, deactivates missing ones and creates new ones', () => {
    const plan = planMessengerSync(
      [
        { channelId: 1, pageId: 'p1', isActive: false },
        { channelId: 2, pageId: 'p2', isActive: true },
      ],
      [
        { pageId: 'p1', name: 'Uno' },
        { pageId: 'p3', name: 'Tres' },
      ],
    );
    expect(plan).toEqual({
      refresh: [{ channelId: 1, page: { pageId: 'p1', name: 'Uno' } }],
      deactivate: [2],
      create: [{ pageId: 'p3', name: 'Tres' }],
    });
  });

  it('leaves an already inactive missing page alone and counts a repeated page once', () => {
    const plan = planMessengerSync(
      [{ channelId: 5, pageId: 'gone', isActive: false }],
      [{ pageId: 'n' }, { pageId: 'n' }],
    );
    expect(plan).toEqual({ refresh: [], deactivate: [], create: [{ pageId: 'n' }] });
  });

  it('deactivates every known page when the provider returns none', () => {
    const plan = planMessengerSync(
      [
        { channelId: 1, pageId: 'a', isActive: true },
        { channelId: 2, pageId: 'b', isActive: true },
      ],
      [],
    );
    expect(plan.deactivate).toEqual([1, 2]);
  });
});
