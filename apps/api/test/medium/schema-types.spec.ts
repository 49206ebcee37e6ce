import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { generateSchemaTypes, SCHEMA_TYPES_FILE } from '../../src/database/schema-codegen';

describe('schema types', () => {
  it('are what the migrations produce (run `pnpm --filter @crm/api db:types` after a migration)', async () => {
    const generated = await generateSchemaTypes(inject('databaseUrl'), null);
    const committed = readFileSync(join(__dirname, '../..', SCHEMA_TYPES_FILE), 'utf8');
    expect(committed).toBe(generated);
  });
});
