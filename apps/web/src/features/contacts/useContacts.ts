import { CONTACTS_PAGE_SIZE, type ContactReportRow, type ContactsFilter } from '@crm/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { handleError } from '../../lib/errors';
import { fetchContactsBlock } from './api/contacts.api';

/** 02 §9: the next block of 50 is fetched once the last loaded page is shown and the server said there is more. */
export function needsNextBlock(page: number, loaded: number, hasMore: boolean): boolean {
  return hasMore && page >= Math.max(1, Math.ceil(loaded / CONTACTS_PAGE_SIZE));
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
  reload: () => void;
}

/** The contacts table's data: server blocks of 50 by keyset cursor, shown 7 a page (02 §2, §9). */
export function useContacts(filter: ContactsFilter): ContactsState {
  const [rows, setRows] = useState<ContactReportRow[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [page, setPage] = useState(1);
  const [generation, setGeneration] = useState(0);
  // Answers of an older filter must not land in the new list.
  const current = useRef(0);
  const filterKey = JSON.stringify(filter);

  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filter's contents.
  useEffect(() => {
    const ticket = ++current.current;
    setLoading(true);
    setPage(1);
    fetchContactsBlock(filter, null)
      .then((block) => {
        if (ticket !== current.current) return;
        setRows(block.clients);
        setCursor(block.cursor);
        setHasMore(block.hasMore);
      })
      .catch((error: unknown) => {
        if (ticket !== current.current) return;
        setRows([]);
        setHasMore(false);
        handleError(error);
      })
      .finally(() => {
        if (ticket === current.current) setLoading(false);
      });
  }, [filterKey, generation]);

  useEffect(() => {
    if (loading || !needsNextBlock(page, rows.length, hasMore)) return;
    const ticket = current.current;
    setLoading(true);
    fetchContactsBlock(filter, cursor)
      .then((block) => {
        if (ticket !== current.current) return;
        setRows((previous) => [...previous, ...block.clients]);
        setCursor(block.cursor);
        setHasMore(block.hasMore);
      })
      .catch((error: unknown) => {
        if (ticket === current.current) setHasMore(false);
        handleError(error);
      })
      .finally(() => {
        if (ticket === current.current) setLoading(false);
      });
  }, [page, rows.length, hasMore, loading, cursor, filter]);

  const pageCount = Math.max(1, Math.ceil(rows.length / CONTACTS_PAGE_SIZE)) + (hasMore ? 1 : 0);
  const start = (page - 1) * CONTACTS_PAGE_SIZE;
  return {
    rows,
    pageRows: rows.slice(start, start + CONTACTS_PAGE_SIZE),
    page,
    pageCount: rows.length === 0 ? 0 : pageCount,
    hasMore,
    loading,
    setPage: useCallback((next: number) => setPage(Math.max(1, next)), []),
    reload: useCallback(() => setGeneration((g) => g + 1), []),
  };
}
