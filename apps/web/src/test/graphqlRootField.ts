import { Kind, parse } from 'graphql';

/** The first root field of a GraphQL document (tags, renameConversation…): what the test stubs answer by. */
export function rootField(query: string): string {
  for (const definition of parse(query).definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const selection = definition.selectionSet.selections[0];
    if (selection?.kind === Kind.FIELD) return selection.name.value;
  }
  return '';
}
