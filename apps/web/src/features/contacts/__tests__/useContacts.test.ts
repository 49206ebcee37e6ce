import type { ContactsFilter } from '@crm/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, stubServer } from '../../../test/stubServer';
import { needsNextBlock, pageCountOf, useContacts } from '../useContacts';
import { makeBlock } from './testContacts';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/toast', () => ({
  toast: {
    error: (text: string) => toasts.push(text),
    success: () => undefined,
    warning: () => undefined,
    info: () => undefined,
    close: () => undefined,
  },
}));

const FILTER: ContactsFilter = {
  filterContactsBy: 'createdAt',
  createdAtFrom: '2026-11-15T06:00:00.000Z',
  createdAtTo: '2026-11-23T05:59:59.999Z',
  keyword: null,
  agentId: null,
  tagsIds: [],
};

const reportCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/api/conversations_by_filter').map((call) => call.body);

describe('contacts block fetching (02 §9: 7 a page, blocks of 50)', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'valid');
    toasts.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the next 50 only on the last loaded page and only when the server has more', () => {
    // 50 rows = 8 pages of 7 (the last one with 1 row).
    expect(needsNextBlock(7, 50, true)).toBe(false);
    expect(needsNextBlock(8, 50, true)).toBe(true);
    expect(needsNextBlock(9, 50, true)).toBe(true);
    expect(needsNextBlock(8, 50, false)).toBe(false);
    expect(needsNextBlock(1, 3, false)).toBe(false);
  });

  it('counts the pages of the loaded rows, plus one to reach the next block', () => {
    expect(pageCountOf(0, false)).toBe(0);
    expect(pageCountOf(7, false)).toBe(1);
    expect(pageCountOf(8, false)).toBe(2);
    expect(pageCountOf(50, true)).toBe(9);
    expect(pageCountOf(100, false)).toBe(15);
  });

  it('reads the first block, shows 7 rows a page, and fetches the next block with the cursor on the last page', async () => {
    const calls = stubServer({
      '/api/conversations_by_filter': [
        { status: 200, body: makeBlock(1, 50, true, 'cursor-50') },
        { status: 200, body: makeBlock(51, 20, false, 'cursor-70') },
      ],
    });
    const { result } = renderHook(() => useContacts(FILTER));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.pageRows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(result.current.pageCount).toBe(9);
    expect(reportCalls(calls)).toEqual([{ ...FILTER, custom: true, first: 50 }]);

    act(() => result.current.setPage(3));
    expect(result.current.pageRows.map((r) => r.id)).toEqual([15, 16, 17, 18, 19, 20, 21]);
    expect(reportCalls(calls)).toHaveLength(1);

    act(() => result.current.setPage(8));
    await waitFor(() => expect(result.current.rows).toHaveLength(70));
    expect(reportCalls(calls)[1]).toEqual({ ...FILTER, custom: true, first: 50, after: 'cursor-50' });
    expect(result.current.pageRows.map((r) => r.id)).toEqual([50, 51, 52, 53, 54, 55, 56]);
    expect(result.current.hasMore).toBe(false);
    expect(result.current.pageCount).toBe(10);

    // Everything is loaded: the last page asks for nothing more.
    act(() => result.current.setPage(10));
    expect(result.current.pageRows.map((r) => r.id)).toEqual([64, 65, 66, 67, 68, 69, 70]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reportCalls(calls)).toHaveLength(2);
  });

  it('does not ask for more when the first block was not full', async () => {
    const calls = stubServer({
      '/api/conversations_by_filter': { status: 200, body: makeBlock(1, 12, false) },
    });
    const { result } = renderHook(() => useContacts(FILTER));
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.setPage(2));
    expect(result.current.pageRows.map((r) => r.id)).toEqual([8, 9, 10, 11, 12]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reportCalls(calls)).toHaveLength(1);
  });

  it('starts over from the first block and page 1 when the filter changes, dropping a late answer', async () => {
    let releaseOld: () => void = () => undefined;
    const oldGate = new Promise<void>((resolve) => {
      releaseOld = resolve;
    });
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { keyword: string | null };
        bodies.push(body);
        if (body.keyword === null) {
          await oldGate;
          return Response.json(makeBlock(1, 50, true));
        }
        return Response.json(makeBlock(900, 3, false));
      }),
    );
    const { result, rerender } = renderHook(({ filter }) => useContacts(filter), {
      initialProps: { filter: FILTER },
    });
    rerender({ filter: { ...FILTER, keyword: 'maria' } });
    await waitFor(() => expect(result.current.rows.map((r) => r.id)).toEqual([900, 901, 902]));
    releaseOld();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.rows.map((r) => r.id)).toEqual([900, 901, 902]);
    expect(result.current.page).toBe(1);
    expect(result.current.pageCount).toBe(1);
    expect(bodies).toHaveLength(2);
  });

  it('reads the list again from the start on reload', async () => {
    const calls = stubServer({
      '/api/conversations_by_filter': [
        { status: 200, body: makeBlock(1, 3, false) },
        { status: 200, body: makeBlock(1, 4, false) },
      ],
    });
    const { result } = renderHook(() => useContacts(FILTER));
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.rows).toHaveLength(4));
    expect(reportCalls(calls)).toEqual([
      { ...FILTER, custom: true, first: 50 },
      { ...FILTER, custom: true, first: 50 },
    ]);
  });

  it('shows an empty list and the Spanish error when the report fails', async () => {
    stubServer({
      '/api/conversations_by_filter': {
        status: 500,
        body: { code: 'ERROR_GETTING_REPORT', userMessage: 'Error al obtener el reporte' },
      },
    });
    const { result } = renderHook(() => useContacts(FILTER));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.rows).toEqual([]);
    expect(result.current.pageCount).toBe(0);
    expect(toasts).toEqual(['Error al obtener el reporte']);
  });
});
