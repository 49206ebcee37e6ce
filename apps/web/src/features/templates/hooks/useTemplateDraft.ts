import { useCallback, useEffect, useState } from 'react';
import { DRAFT_STORAGE_KEY, EMPTY_DRAFT, parseDraft, type TemplateDraft } from '../templateDraft';

function readStored(): TemplateDraft {
  try {
    return parseDraft(sessionStorage.getItem(DRAFT_STORAGE_KEY));
  } catch {
    return EMPTY_DRAFT;
  }
}

/**
 * The template being created, kept while the user moves between steps and across a reload of the tab
 * (sessionStorage: a draft belongs to the tab it was started in, and ends with it).
 */
export function useTemplateDraft() {
  const [draft, setDraft] = useState<TemplateDraft>(readStored);

  useEffect(() => {
    try {
      sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
    } catch {
      // Storage full or refused (private mode): the draft still lives while the page is open.
    }
  }, [draft]);

  const update = useCallback(
    (change: Partial<TemplateDraft> | ((current: TemplateDraft) => TemplateDraft)) =>
      setDraft((current) => (typeof change === 'function' ? change(current) : { ...current, ...change })),
    [],
  );

  /** Forgets the draft (after it was submitted, or when the user cancels). */
  const discard = useCallback(() => {
    try {
      sessionStorage.removeItem(DRAFT_STORAGE_KEY);
    } catch {
      // Nothing stored.
    }
    setDraft(EMPTY_DRAFT);
  }, []);

  return { draft, update, discard };
}
