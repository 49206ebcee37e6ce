/**
 * A value of the schema's JSON scalar (typed `unknown` by the generated GraphQL types) as the object it should be,
 * or null when it is not one: readers then check each key they use.
 */
export function jsonObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
