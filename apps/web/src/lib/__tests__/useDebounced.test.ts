import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebounced } from '../useDebounced';

describe('useDebounced', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the first value at once and a new one only once it has stopped changing for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 400), {
      initialProps: { value: '' },
    });
    expect(result.current).toBe('');

    rerender({ value: 'jo' });
    act(() => vi.advanceTimersByTime(300));
    rerender({ value: 'jose' });
    act(() => vi.advanceTimersByTime(300));
    // Typing went on: the search has not been asked for 'jo' nor yet for 'jose'.
    expect(result.current).toBe('');

    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('jose');
  });

  it('waits 300 ms unless told otherwise', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value), {
      initialProps: { value: 1 },
    });
    rerender({ value: 2 });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(2);
  });
});
