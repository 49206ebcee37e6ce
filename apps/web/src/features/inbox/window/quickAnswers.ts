import { fillQuickAnswer, normalizeSearchKeyword } from '@crm/shared';
import type { QuickAnswer } from './api/quickAnswers.graphql';

/**
 * The shortcut being typed: the composer's text starts with '/' and has no space yet. Null when no menu
 * should open ('/sal' → 'sal', '/' → '').
 */
export function slashQuery(text: string): string | null {
  const match = /^\/(\S*)$/.exec(text);
  return match ? (match[1] ?? '') : null;
}

const normalized = (value: string): string => normalizeSearchKeyword(value.replace(/^\//, '')) ?? '';

/** Answers whose shortcut matches, those that start with the query first, each group in the given order. */
export function matchQuickAnswers(answers: readonly QuickAnswer[], query: string): QuickAnswer[] {
  const wanted = normalized(query);
  if (wanted === '') return [...answers];
  const starting: QuickAnswer[] = [];
  const containing: QuickAnswer[] = [];
  for (const answer of answers) {
    const shortcut = normalized(answer.shortcut);
    if (shortcut.startsWith(wanted)) starting.push(answer);
    else if (shortcut.includes(wanted)) containing.push(answer);
  }
  return [...starting, ...containing];
}

/** 02 §3: the answer's text with the lead's and the agent's names in place of their placeholders. */
export function quickAnswerText(answer: QuickAnswer, leadName: string, agentName: string): string {
  return fillQuickAnswer(answer.text, { leadName, agentName });
}
