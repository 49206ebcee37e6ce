import { describe, expect, it } from 'vitest';
import { interactiveText, reportBound } from './automation';

describe('reportBound', () => {
  it('reads a calendar day as its start, or the next day as an end bound', () => {
    expect(reportBound('2026-03-05', false)?.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(reportBound('2026-03-05', true)?.toISOString()).toBe('2026-03-06T00:00:00.000Z');
  });
  it('reads an ISO instant as it is', () => {
    expect(reportBound('2026-03-05T10:30:00.000Z', true)?.toISOString()).toBe('2026-03-05T10:30:00.000Z');
  });
  it('refuses what is no date', () => {
    for (const bad of ['', '2026-02-30', '05/03/2026', 'ayer', 12, null, '2026-13-01T00:00:00Z']) {
      expect(reportBound(bad, false)).toBeNull();
    }
  });
});

describe('interactiveText', () => {
  it('lists the options numbered under the body', () => {
    expect(
      interactiveText({
        kind: 'buttons',
        body: '¿En qué te ayudamos?',
        buttons: [
          { id: 'a', title: 'Ventas' },
          { id: 'b', title: 'Soporte' },
        ],
      }),
    ).toBe('¿En qué te ayudamos?\n\n1. Ventas\n2. Soporte');
  });
});

describe('interactiveText and reportBound at their bounds', () => {
  it('starts with the first option when the menu has no body', () => {
    expect(interactiveText({ kind: 'buttons', body: '', buttons: [{ id: 'a', title: 'Sí' }] })).toBe('1. Sí');
  });

  it('reads a day with spaces around it', () => {
    expect(reportBound(' 2026-01-05 ', false)?.toISOString()).toBe('2026-01-05T00:00:00.000Z');
  });
});
