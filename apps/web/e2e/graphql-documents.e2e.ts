import { readFileSync } from 'node:fs';
import {
  buildClientSchema,
  type DocumentNode,
  getIntrospectionQuery,
  type IntrospectionQuery,
  Kind,
  lexicographicSortSchema,
  printSchema,
  validate,
} from 'graphql';
import { describe, expect, inject, it } from 'vitest';
import * as generated from '../src/gql/graphql';
import { graphql, loginToken } from './helpers/api';

const baseUrl = inject('baseUrl');

// The unit tier (src/__tests__/graphqlCodegen.test.ts) checks every document of the web client against
// apps/api/schema.gql, which apps/api/scripts/emit-schema.mjs builds from the resolvers without a server. Here the
// running API closes the loop: it serves exactly that schema, and accepts every document (src/gql holds them all,
// wherever their graphql(`…`) call is written).

function isOperationDocument(value: unknown): value is DocumentNode {
  if (typeof value !== 'object' || value === null || (value as { kind?: unknown }).kind !== Kind.DOCUMENT) {
    return false;
  }
  return (value as DocumentNode).definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION);
}

describe('GraphQL schema and documents of the web client', () => {
  it('the committed schema is the running API’s, and it accepts every document', async () => {
    const token = await loginToken(baseUrl, 'admin@demo.local');
    const introspection = await graphql<IntrospectionQuery>(baseUrl, token, getIntrospectionQuery());
    if (!introspection.data) throw new Error(`Introspection failed: ${JSON.stringify(introspection.errors)}`);
    const schema = buildClientSchema(introspection.data);

    const committed = readFileSync(new URL('../../api/schema.gql', import.meta.url), 'utf8');
    const served = `${printSchema(lexicographicSortSchema(schema))}\n`;
    expect(committed.replace(/^(#[^\n]*\n)+\n/, ''), 'apps/api/schema.gql is stale: run `pnpm codegen`').toBe(
      served,
    );

    const problems: Record<string, string[]> = {};
    let checked = 0;
    for (const [name, value] of Object.entries(generated)) {
      if (!isOperationDocument(value)) continue;
      checked += 1;
      const errors = validate(schema, value).map((error) => error.message);
      if (errors.length > 0) problems[name] = errors;
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems).toEqual({});
  });
});
