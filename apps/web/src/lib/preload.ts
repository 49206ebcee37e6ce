import { onSessionEnd } from './session';
import { getToken } from './storage';

/**
 * Answers asked for before the code that needs them has arrived (issue 22: on a slow link the signed-in shell's
 * chunks take about a second, and the session and the inbox's first page would otherwise be asked for only after
 * them, one after the other). Each is kept for one reader, the request it stands for (`key`) and the token it was
 * asked with: a reader with another token or another request asks the server itself, as does any later reader.
 * A preload that failed resolves to null and the reader asks again, so failures take the ordinary path.
 */
interface Preloaded {
  token: string;
  answer: Promise<unknown>;
}

const preloaded = new Map<string, Preloaded>();

/** Keeps `answer` (null when it failed) for the first reader of `key` while the session keeps `token`. */
export function keepPreloaded(key: string, token: string, answer: Promise<unknown>): void {
  preloaded.set(key, { token, answer: answer.catch(() => null) });
}

/** The kept answer for `key` if it was asked with the current token; it is handed out once. */
export function takePreloaded<T>(key: string): Promise<T | null> | null {
  const entry = preloaded.get(key);
  if (!entry) return null;
  preloaded.delete(key);
  if (entry.token !== getToken()) return null;
  return entry.answer as Promise<T | null>;
}

/** The key of a preloaded GraphQL operation without variables, by its name (the Apollo client reads it). */
export function graphqlPreloadKey(operationName: string): string {
  return `graphql:${operationName}`;
}

/** Whether an answer for `key` is waiting (a preload is not started twice). */
export function isPreloaded(key: string): boolean {
  return preloaded.has(key);
}

// A session that ends (logout, another user signing in) leaves nothing for the next one.
onSessionEnd(() => preloaded.clear());
