import { PRIORITY_CUTOFFS } from '../limits';

export type PriorityBucket = 'high' | 'medium' | 'low';

// 02 §5: high at most 0.333; medium at most 0.666; low above.
export function priorityBucket(p: number): PriorityBucket {
  const [high, medium] = PRIORITY_CUTOFFS;
  if (p <= high) return 'high';
  if (p <= medium) return 'medium';
  // NaN fails both comparisons and lands here: an unscored conversation is not urgent.
  return 'low';
}

export const PRIORITY_LABELS: Record<PriorityBucket, string> = {
  high: 'Alta',
  medium: 'Media',
  low: 'Baja',
};

// Bounds for the client-changes subscription's priority-range filter (02 §7).
export const PRIORITY_RANGES: Record<PriorityBucket, { min: number; max: number }> = {
  high: { min: 0, max: PRIORITY_CUTOFFS[0] },
  medium: { min: PRIORITY_CUTOFFS[0], max: PRIORITY_CUTOFFS[1] },
  low: { min: PRIORITY_CUTOFFS[1], max: 1 },
};
