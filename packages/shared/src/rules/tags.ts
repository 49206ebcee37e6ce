import { userMessageFor } from '../errors';
import { collapseSpaces, nameMaxLengthMessage } from './names';

// 01 §2.7: how contacts of several tags are combined.
export type TagConjunction = 'union' | 'intersection' | 'difference';
export const TAG_CONJUNCTIONS: readonly TagConjunction[] = ['union', 'intersection', 'difference'];

export type ContactTagSets =
  | Map<number, Set<number>>
  | ReadonlyArray<{ contactId: number; tagIds: readonly number[] }>;

function entries(sets: ContactTagSets): Array<[number, ReadonlySet<number>]> {
  if (sets instanceof Map) return [...sets.entries()];
  return sets.map((row) => [row.contactId, new Set(row.tagIds)]);
}

// 01 §2.7: union = any chosen tag; intersection = all chosen tags; difference = at least one but not all.
// A null mode (one tag ticked) behaves as union. Returns contact ids ascending.
export function combineTagAudiences(
  contactTagSets: ContactTagSets,
  selectedTagIds: readonly number[],
  mode: TagConjunction | null,
): number[] {
  const selected = [...new Set(selectedTagIds)];
  if (selected.length === 0) return [];
  const result = new Set<number>();
  for (const [contactId, tags] of entries(contactTagSets)) {
    const held = selected.filter((tagId) => tags.has(tagId)).length;
    const hasAny = held > 0;
    const hasAll = held === selected.length;
    const include = mode === 'intersection' ? hasAll : mode === 'difference' ? hasAny && !hasAll : hasAny;
    if (include) result.add(contactId);
  }
  return [...result].sort((a, b) => a - b);
}

// 01 §2.7 / §4: ticking a second tag makes union the default; going back to one or none clears the mode.
export function conjunctionAfterToggle(
  previousCount: number,
  newCount: number,
  current: TagConjunction | null,
): TagConjunction | null {
  if (newCount <= 1) return null;
  if (previousCount <= 1) return 'union';
  return current ?? 'union';
}

// 02 §3: tags and data-sheet fields are unique per company by name, case aside: the key the unique index holds.
export function companyScopedKey(companyId: number, name: string): string {
  return `${companyId}-${name.trim().toLocaleLowerCase('es')}`;
}

/** The longest tag name: the contact import and the tag form agree on it. */
export const TAG_NAME_MAX = 50;

export const TAG_MESSAGES = {
  colorNotInPalette: 'Elige uno de los colores de la paleta.',
  notFound: 'La etiqueta no existe.',
} as const;

/** 02 §3 Tag name: required (the TAG_NAME_EMPTY text), at most 50 characters once its spaces are collapsed. */
export function tagNameError(raw: string | null | undefined): string | null {
  const name = collapseSpaces(raw);
  if (!name) return userMessageFor('TAG_NAME_EMPTY');
  return name.length > TAG_NAME_MAX ? nameMaxLengthMessage(TAG_NAME_MAX) : null;
}
