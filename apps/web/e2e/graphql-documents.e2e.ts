/// <reference types="vite/client" />
import {
  buildClientSchema,
  type DocumentNode,
  getIntrospectionQuery,
  type IntrospectionQuery,
  Kind,
  validate,
} from 'graphql';
import { describe, expect, inject, it } from 'vitest';
import { graphql, loginToken } from './helpers/api';

const baseUrl = inject('baseUrl');

// Every module of the web client that exports GraphQL documents. Unit tests stub the server, so this is where a
// renamed field or argument of the API shows up.
const modules: Record<string, Record<string, unknown>> = {
  ...import.meta.glob<Record<string, unknown>>('../src/**/*.graphql.ts', { eager: true }),
  ...import.meta.glob<Record<string, unknown>>('../src/features/contacts/api/contacts.api.ts', {
    eager: true,
  }),
};

function isOperationDocument(value: unknown): value is DocumentNode {
  if (typeof value !== 'object' || value === null || (value as { kind?: unknown }).kind !== Kind.DOCUMENT) {
    return false;
  }
  return (value as DocumentNode).definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION);
}

describe('GraphQL documents of the web client', () => {
  it('are all accepted by the running API', async () => {
    const token = await loginToken(baseUrl, 'admin@demo.local');
    const introspection = await graphql<IntrospectionQuery>(baseUrl, token, getIntrospectionQuery());
    if (!introspection.data) throw new Error(`Introspection failed: ${JSON.stringify(introspection.errors)}`);
    const schema = buildClientSchema(introspection.data);
    const problems: Record<string, string[]> = {};
    let checked = 0;
    for (const [path, exported] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exported)) {
        if (!isOperationDocument(value)) continue;
        checked += 1;
        const errors = validate(schema, value).map((error) => error.message);
        if (errors.length > 0) problems[`${path} ${name}`] = errors;
      }
    }
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(12);
    expect(checked).toBeGreaterThan(50);
    expect(problems).toEqual({});
  });
});
