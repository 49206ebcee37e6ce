import { CONTACTS_PAGE_SIZE, type ContactReportRow, type ContactsFilter } from '@crm/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { handleError } from '../../lib/errors';
import { fetchContactsBlock } from './api/contacts.api';

/** 02 §9: the next block of 50 is fetched once the last loaded page is shown and the server said there is more. */
export function needsNextBlock(page: number, loaded: number, hasMore: boolean): boolean {
  return hasMore && page >= Math.max(1, Math.ceil(loaded / CONTACTS_PAGE_SIZE));
}

/** Pages of 7 over the loaded rows, plus one to reach the next block while the server has more; none when empty. */
export function pageCountOf(loaded: number, hasMore: boolean): number {
  if (loaded === 0) return 0;
  return Math.ceil(loaded / CONTACTS_PAGE_SIZE) + (hasMore ? 1 : 0);
}

export function pageOf<T>(rows: readonly T[], page: number): T[] {
  const start = (page - 1) * CONTACTS_PAGE_SIZE;
  return rows.slice(start, start + CONTACTS_PAGE_SIZE);
}

export interface ContactsState {
  rows: ContactReportRow[];
  /** Rows of the current page (7). */
  pageRows: ContactReportRow[];
  page: number;
  pageCount: number;
  hasMore: boolean;
  loading: boolean;
  setPage: (page: number) => void;
  /** Reads the list again from its first block (after a create, an import or a phone change). */
  reload: () => void;
}

interface Blocks {
  /** Which filter (and reload) the rows answer. */
  key: string | null;
  rows: ContactReportRow[];
  cursor: string | null;
  hasMore: boolean;
  page: number;
  loading: boolean;
}

const NO_BLOCKS: Blocks = { key: null, rows: [], cursor: null, hasMore: false, page: 1, loading: true };

/** The contacts table's data: server blocks of 50 by keyset cursor, shown 7 a page (02 §2, §9). */
export function useContacts(filter: ContactsFilter): ContactsState {
  const [generation, setGeneration] = useState(0);
  const [blocks, setBlocks] = useState<Blocks>(NO_BLOCKS);
  const key = `${generation}|${JSON.stringify(filter)}`;
  // Answers for an older filter or an older reload must not land in the current list.
  const current = useRef(key);
  // The block last asked for, so one cursor is never fetched twice (an effect may run again for the same state).
  const asked = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filter's contents and the reload.
  useEffect(() => {
    current.current = key;
    // The rows shown stay under the table's spinner until the new first block arrives.
    setBlocks((previous) => ({ ...previous, page: 1, loading: true }));
    fetchContactsBlock(filter, null).then(
      (block) => {
        if (current.current !== key) return;
        setBlocks({
          key,
          rows: block.clients,
          cursor: block.cursor,
          hasMore: block.hasMore,
          page: 1,
          loading: false,
        });
      },
      (error: unknown) => {
        if (current.current !== key) return;
        setBlocks({ key, rows: [], cursor: null, hasMore: false, page: 1, loading: false });
        handleError(error);
      },
    );
  }, [key]);

  const wantsNextBlock =
    blocks.key === key && !blocks.loading && needsNextBlock(blocks.page, blocks.rows.length, blocks.hasMore);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the last loaded page is reached, once per block.
  useEffect(() => {
    if (!wantsNextBlock) return;
    const requested = key;
    const ask = `${key}|${blocks.cursor ?? ''}`;
    if (asked.current === ask) return;
    asked.current = ask;
    setBlocks((previous) => ({ ...previous, loading: true }));
    fetchContactsBlock(filter, blocks.cursor).then(
      (block) => {
        if (current.current !== requested) return;
        setBlocks((previous) => ({
          ...previous,
          rows: [...previous.rows, ...block.clients],
          cursor: block.cursor,
          hasMore: block.hasMore,
          loading: false,
        }));
      },
      (error: unknown) => {
        if (current.current !== requested) return;
        // Stop asking: the rows loaded so far stay; a reload or a filter change tries again.
        setBlocks((previous) => ({ ...previous, hasMore: false, loading: false }));
        handleError(error);
      },
    );
  }, [wantsNextBlock]);

  const setPage = useCallback((next: number) => {
    setBlocks((previous) => {
      const last = Math.max(1, pageCountOf(previous.rows.length, previous.hasMore));
      return { ...previous, page: Math.min(Math.max(1, Math.floor(next)), last) };
    });
  }, []);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  return {
    rows: blocks.rows,
    pageRows: pageOf(blocks.rows, blocks.page),
    page: blocks.page,
    pageCount: pageCountOf(blocks.rows.length, blocks.hasMore),
    hasMore: blocks.hasMore,
    loading: blocks.loading,
    setPage,
    reload,
  };
}
