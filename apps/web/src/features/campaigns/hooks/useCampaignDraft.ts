import { useCallback, useSyncExternalStore } from 'react';
import { onSessionEnd } from '../../../lib/session';
import { useSession } from '../../session/hooks/useSession';
import {
  type CampaignDraft,
  draftStorageKey,
  EMPTY_CAMPAIGN_DRAFT,
  parseCampaignDraft,
} from '../campaignDraft';

// The draft lives outside React: the table and the steps are different routes, so a choice made right before a
// navigation must already be stored when the next screen mounts and reads it. sessionStorage keeps it across a
// reload of the tab (a draft belongs to the tab it was started in).
const drafts = new Map<string, CampaignDraft>();
const listeners = new Set<() => void>();

function readStored(key: string): CampaignDraft {
  try {
    return parseCampaignDraft(sessionStorage.getItem(key));
  } catch {
    return EMPTY_CAMPAIGN_DRAFT;
  }
}

function currentDraft(key: string): CampaignDraft {
  let draft = drafts.get(key);
  if (!draft) {
    draft = readStored(key);
    drafts.set(key, draft);
  }
  return draft;
}

function storeDraft(key: string, draft: CampaignDraft): void {
  drafts.set(key, draft);
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the draft still lives while the page is open.
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Forgets the drafts held in memory, as a reload does: the next read comes from sessionStorage. */
export function forgetLoadedCampaignDrafts(): void {
  drafts.clear();
}

onSessionEnd(forgetLoadedCampaignDrafts);

export type CampaignDraftChange = Partial<CampaignDraft> | ((current: CampaignDraft) => CampaignDraft);

/** The campaign being created by the signed-in user for their company (01 §3 "Campaign creation draft"). */
export function useCampaignDraft() {
  const { me } = useSession();
  const key = draftStorageKey(me.id, me.company.id);
  const draft = useSyncExternalStore(
    subscribe,
    () => currentDraft(key),
    () => currentDraft(key),
  );

  const update = useCallback(
    (change: CampaignDraftChange) => {
      const current = currentDraft(key);
      storeDraft(key, typeof change === 'function' ? change(current) : { ...current, ...change });
    },
    [key],
  );

  /** Starts over after a creation: only the channel stays chosen, for the table the user returns to. */
  const reset = useCallback(
    () => storeDraft(key, { ...EMPTY_CAMPAIGN_DRAFT, channelId: currentDraft(key).channelId }),
    [key],
  );

  /** The draft as stored right now, changes of the current event included. */
  const read = useCallback(() => currentDraft(key), [key]);

  return { draft, update, reset, read };
}
