import { describe, expect, it } from 'vitest';
import {
  agentsButtonLabel,
  analyticsRangeLimit,
  analyticsRangeTooLongMessage,
  analyticsRowCap,
  analyticsScope,
  hourRangeLabel,
  percentChange,
  RESPONSE_TIME_BUCKETS,
  responseTimeBucket,
} from './analytics';

describe('responseTimeBucket', () => {
  it('puts a time below each bound in its bucket and a time at the bound in the next', () => {
    expect(responseTimeBucket(0)).toBe('lt1m');
    expect(responseTimeBucket(0.99)).toBe('lt1m');
    expect(responseTimeBucket(1)).toBe('1to5m');
    expect(responseTimeBucket(4.9)).toBe('1to5m');
    expect(responseTimeBucket(5)).toBe('5to15m');
    expect(responseTimeBucket(15)).toBe('15to60m');
    expect(responseTimeBucket(59.9)).toBe('15to60m');
    expect(responseTimeBucket(60)).toBe('1to4h');
    expect(responseTimeBucket(239)).toBe('1to4h');
    expect(responseTimeBucket(240)).toBe('gt4h');
    expect(responseTimeBucket(100_000)).toBe('gt4h');
  });

  it('has bounds in increasing order ending with the open bucket', () => {
    const bounds = RESPONSE_TIME_BUCKETS.map((bucket) => bucket.maxMinutes);
    expect(bounds).toEqual([1, 5, 15, 60, 240, Number.POSITIVE_INFINITY]);
  });
});

describe('range limits', () => {
  it('uses an allowed override and 15 days otherwise', () => {
    expect(analyticsRangeLimit(null)).toBe(15);
    expect(analyticsRangeLimit(undefined)).toBe(15);
    expect(analyticsRangeLimit(90)).toBe(90);
    expect(analyticsRangeLimit(1080)).toBe(1080);
    expect(analyticsRangeLimit(31)).toBe(31);
    expect(analyticsRangeLimit(45)).toBe(15);
    expect(analyticsRangeLimit(0)).toBe(15);
  });

  it('names the limit in the refusal', () => {
    expect(analyticsRangeTooLongMessage(31)).toBe('El rango de fechas no puede superar 31 días.');
  });

  it('caps the list at 500 rows unless the company has the extended limit', () => {
    expect(analyticsRowCap(false)).toBe(500);
    expect(analyticsRowCap(true)).toBeNull();
  });
});

describe('percentChange', () => {
  it('rounds to one decimal and has no value against zero', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(10, 10)).toBe(0);
    expect(percentChange(3, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });
});

describe('labels and scope', () => {
  it('shows the busiest hour as a range, wrapping at midnight', () => {
    expect(hourRangeLabel(9)).toBe('09:00 - 10:00');
    expect(hourRangeLabel(14)).toBe('14:00 - 15:00');
    expect(hourRangeLabel(23)).toBe('23:00 - 00:00');
    expect(hourRangeLabel(null)).toBe('Sin mensajes');
  });

  it("reads 'Agentes' and company figures for admins and superadmins only", () => {
    expect(agentsButtonLabel('admin')).toBe('Agentes');
    expect(agentsButtonLabel('superadmin')).toBe('Agentes');
    expect(agentsButtonLabel('groupadmin')).toBe('Agente');
    expect(agentsButtonLabel(null)).toBe('Agente');
    expect(analyticsScope('admin')).toBe('company');
    expect(analyticsScope('superadmin')).toBe('company');
    expect(analyticsScope('agente')).toBe('agent');
    expect(analyticsScope('groupadmin')).toBe('agent');
    expect(analyticsScope(undefined)).toBe('agent');
  });
});
