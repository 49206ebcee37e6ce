/** A data-sheet field as the menu's questions point at it. */
export interface KeyedField {
  id: number;
  name: string;
  type: string;
  options: readonly string[];
}

/**
 * The `fieldKey` a question stores its answer under: the field's id as text, the one reference the API's
 * datasheet rows and the GraphQL field list share (a renamed field keeps its questions).
 */
export function datasheetFieldKey(field: Pick<KeyedField, 'id'>): string {
  return String(field.id);
}

export function fieldByKey<F extends KeyedField>(fields: readonly F[], key: string): F | undefined {
  return fields.find((field) => datasheetFieldKey(field) === key);
}
