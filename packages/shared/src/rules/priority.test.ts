import { describe, expect, it } from 'vitest';
import { PRIORITY_LABELS, priorityBucket } from './priority';

describe('priorityBucket', () => {
  it('is high up to and including 0.333', () => {
    expect(priorityBucket(0)).toBe('high');
    expect(priorityBucket(0.333)).toBe('high');
  });

  it('is medium above 0.333 up to and including 0.666', () => {
    expect(priorityBucket(0.3331)).toBe('medium');
    expect(priorityBucket(0.666)).toBe('medium');
  });

  it('is low above 0.666', () => {
    expect(priorityBucket(0.6661)).toBe('low');
    expect(priorityBucket(1)).toBe('low');
  });

  it('treats a missing (NaN) priority as low and negatives as high', () => {
    expect(priorityBucket(Number.NaN)).toBe('low');
    expect(priorityBucket(-1)).toBe('high');
  });

  it('has Spanish labels', () => {
    expect(PRIORITY_LABELS[priorityBucket(0.1)]).toBe('Alta');
    expect(PRIORITY_LABELS.medium).toBe('Media');
    expect(PRIORITY_LABELS.low).toBe('Baja');
  });
});
