import { PAGE_SIZES } from '../limits';

// 02 §5: trimmed, accents removed, whitespace removed, lowercased; empty becomes null.
export function normalizeSearchKeyword(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const keyword = stripAccents(raw).replace(/\s+/g, '').toLowerCase();
  return keyword === '' ? null : keyword;
}

/**
 * 02 §7 conversations_by_filter: the page a call gets when it names no `first` — 50 rows of the contacts report
 * (`custom`), 100 conversations of a search (a keyword that normalises to something), 20 otherwise.
 */
export function defaultConversationPageSize(custom: boolean, keyword: string | null | undefined): number {
  if (custom) return PAGE_SIZES.report;
  return normalizeSearchKeyword(keyword) === null ? PAGE_SIZES.list : PAGE_SIZES.search;
}

export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

// 02 §3: cleanedName is lowercase, accent-free, without spaces, with the phone digits appended, so one
// LIKE on it finds a contact by name or number.
export function cleanedName(name: string | null | undefined, phone: string | null | undefined): string {
  const namePart = normalizeSearchKeyword(name) ?? '';
  const phonePart = (phone ?? '').replace(/@[cg]\.us$/i, '').replace(/\D/g, '');
  return `${namePart}${phonePart}`;
}

// 01 §2.7: template search also ignores underscores, on name and text.
export function normalizeTemplateSearch(raw: string | null | undefined): string {
  return (normalizeSearchKeyword(raw) ?? '').replace(/_/g, '');
}

export function templateMatchesSearch(
  template: { name: string; text?: string | null },
  query: string,
): boolean {
  const wanted = normalizeTemplateSearch(query);
  if (wanted === '') return true;
  return (
    normalizeTemplateSearch(template.name).includes(wanted) ||
    normalizeTemplateSearch(template.text).includes(wanted)
  );
}
