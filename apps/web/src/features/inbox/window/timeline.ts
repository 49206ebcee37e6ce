import { type MessageStatusPayload, type MessageView, shouldApplyStatus } from '@crm/shared';

/**
 * The conversation window's messages as one pure state: the pages fetched from the server, the messages that
 * arrive live, and this tab's optimistic bubbles (02 §3: "local placeholder messages have an id containing
 * fakeId"). Optimistic bubbles carry a negative id, so they never collide with a stored message's id.
 */
export interface Timeline {
  /** Oldest first, as the window shows them. */
  messages: MessageView[];
  /**
   * Statuses for messages not shown yet: a socket event can overtake the sendMessage answer that brings the
   * message itself, and the status must not be lost.
   */
  earlyStatuses: Record<number, MessageStatusPayload>;
}

export const EMPTY_TIMELINE: Timeline = { messages: [], earlyStatuses: {} };

export const isLocalMessage = (message: Pick<MessageView, 'id'>): boolean => message.id < 0;

/** A stable React key: a stored message's id, or the optimistic bubble's fakeId. */
export const messageKey = (message: Pick<MessageView, 'id' | 'fakeId'>): string =>
  message.id < 0 ? (message.fakeId ?? String(message.id)) : String(message.id);

/**
 * 02 §4: a status applies only at a higher rank. 'pending' (stored, not yet handed to the provider) and a
 * missing status rank like 'sent' in the shared rule, so the first provider answer must still replace them.
 */
export function statusApplies(current: string | null, incoming: string | null): boolean {
  if (incoming === null) return false;
  if (current === null || current === 'pending') return incoming !== current;
  return shouldApplyStatus(current, incoming);
}

// Oldest first; at the same instant stored messages by id, optimistic ones after them in creation order
// (their ids go -1, -2, … so a later bubble has a smaller id).
function compareMessages(a: MessageView, b: MessageView): number {
  const byTime = Date.parse(a.time) - Date.parse(b.time);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  const aLocal = isLocalMessage(a);
  const bLocal = isLocalMessage(b);
  if (aLocal !== bLocal) return aLocal ? 1 : -1;
  return aLocal ? b.id - a.id : a.id - b.id;
}

/** The same stored message seen twice (page, event, mutation answer): keep the most advanced status. */
function mergeSame(existing: MessageView, incoming: MessageView): MessageView {
  if (statusApplies(existing.messageStatus, incoming.messageStatus) || existing.messageStatus === null) {
    return incoming;
  }
  if (existing.messageStatus === incoming.messageStatus) return incoming;
  return {
    ...incoming,
    messageStatus: existing.messageStatus,
    errorCode: existing.errorCode,
    errorInfo: existing.errorInfo,
  };
}

function withEarlyStatus(message: MessageView, early: MessageStatusPayload | undefined): MessageView {
  if (!early || !statusApplies(message.messageStatus, early.messageStatus)) return message;
  return {
    ...message,
    messageStatus: early.messageStatus,
    errorCode: early.errorCode,
    errorInfo: early.errorInfo,
  };
}

function withoutKeys(record: Record<number, MessageStatusPayload>, ids: readonly number[]) {
  if (!ids.some((id) => id in record)) return record;
  const next = { ...record };
  for (const id of ids) delete next[id];
  return next;
}

/**
 * Stored messages into the timeline (a page, a live event or the sendMessage answer): no duplicates, an
 * optimistic bubble replaced by the stored message with its fakeId, statuses that arrived early applied.
 */
export function mergeServerMessages(timeline: Timeline, incoming: readonly MessageView[]): Timeline {
  if (incoming.length === 0) return timeline;
  const byId = new Map<number, MessageView>();
  for (const message of incoming) {
    const seen = byId.get(message.id);
    byId.set(message.id, seen ? mergeSame(seen, message) : message);
  }
  const fakeIds = new Set<string>();
  for (const message of byId.values()) if (message.fakeId) fakeIds.add(message.fakeId);

  const kept: MessageView[] = [];
  for (const message of timeline.messages) {
    if (isLocalMessage(message)) {
      if (message.fakeId && fakeIds.has(message.fakeId)) continue;
      kept.push(message);
      continue;
    }
    const fresh = byId.get(message.id);
    if (fresh) {
      kept.push(mergeSame(message, fresh));
      byId.delete(message.id);
    } else {
      kept.push(message);
    }
  }
  for (const message of byId.values()) {
    kept.push(withEarlyStatus(message, timeline.earlyStatuses[message.id]));
  }
  kept.sort(compareMessages);
  return {
    messages: kept,
    earlyStatuses: withoutKeys(
      timeline.earlyStatuses,
      incoming.map((message) => message.id),
    ),
  };
}

/** A page of the `messages` query, which answers newest first. */
export function mergePage(timeline: Timeline, pageNewestFirst: readonly MessageView[]): Timeline {
  return mergeServerMessages(timeline, [...pageNewestFirst].reverse());
}

/** A live messageStatus event (02 §4), kept for later when its message is not shown yet. */
export function applyStatus(timeline: Timeline, update: MessageStatusPayload): Timeline {
  const index = timeline.messages.findIndex((message) => message.id === update.messageId);
  if (index === -1) {
    const early = timeline.earlyStatuses[update.messageId];
    if (early && !statusApplies(early.messageStatus, update.messageStatus)) return timeline;
    return { ...timeline, earlyStatuses: { ...timeline.earlyStatuses, [update.messageId]: update } };
  }
  const current = timeline.messages[index] as MessageView;
  if (!statusApplies(current.messageStatus, update.messageStatus)) return timeline;
  const messages = [...timeline.messages];
  messages[index] = {
    ...current,
    messageStatus: update.messageStatus,
    errorCode: update.errorCode,
    errorInfo: update.errorInfo,
  };
  return { ...timeline, messages };
}

/** An optimistic bubble, placed last: it is the newest thing in the conversation. */
export function addLocalMessage(timeline: Timeline, message: MessageView): Timeline {
  return { ...timeline, messages: [...timeline.messages, message] };
}

/** The send failed before the server stored anything: the bubble turns red with the Spanish reason. */
export function failLocalMessage(timeline: Timeline, fakeId: string, userMessage: string): Timeline {
  let changed = false;
  const messages = timeline.messages.map((message) => {
    if (!isLocalMessage(message) || message.fakeId !== fakeId) return message;
    changed = true;
    // No errorCode: the bubble shows errorInfo as it is, the error's own userMessage (a validation error's
    // text is more precise than its code's catalogue text).
    return { ...message, messageStatus: 'failed', errorCode: null, errorInfo: userMessage };
  });
  return changed ? { ...timeline, messages } : timeline;
}

export function removeLocalMessage(timeline: Timeline, fakeId: string): Timeline {
  const messages = timeline.messages.filter(
    (message) => !(isLocalMessage(message) && message.fakeId === fakeId),
  );
  return messages.length === timeline.messages.length ? timeline : { ...timeline, messages };
}

/** How many stored messages are shown: the `skip` of the next (older) page. */
export function storedCount(timeline: Timeline): number {
  return timeline.messages.reduce((count, message) => (isLocalMessage(message) ? count : count + 1), 0);
}

/** The time of an optimistic bubble: now, but never before the newest shown message (clock skew). */
export function optimisticTime(timeline: Timeline, now: Date = new Date()): string {
  const last = timeline.messages[timeline.messages.length - 1];
  const lastMs = last ? Date.parse(last.time) : Number.NaN;
  const time = Number.isNaN(lastMs) ? now.getTime() : Math.max(now.getTime(), lastMs);
  return new Date(time).toISOString();
}

export type TimelineAction =
  | { type: 'page'; messages: readonly MessageView[] }
  | { type: 'server'; messages: readonly MessageView[] }
  | { type: 'status'; update: MessageStatusPayload }
  | { type: 'local'; message: MessageView }
  | { type: 'localFailed'; fakeId: string; userMessage: string }
  | { type: 'localRemoved'; fakeId: string };

export function timelineReducer(timeline: Timeline, action: TimelineAction): Timeline {
  switch (action.type) {
    case 'page':
      return mergePage(timeline, action.messages);
    case 'server':
      return mergeServerMessages(timeline, action.messages);
    case 'status':
      return applyStatus(timeline, action.update);
    case 'local':
      return addLocalMessage(timeline, action.message);
    case 'localFailed':
      return failLocalMessage(timeline, action.fakeId, action.userMessage);
    case 'localRemoved':
      return removeLocalMessage(timeline, action.fakeId);
    default:
      return timeline;
  }
}
