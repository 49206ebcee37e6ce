import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// CI's guard on the generated GraphQL files: apps/api/schema.gql must be what the API's resolvers build now, and
// src/gql must be what GraphQL Code Generator makes of it and of every graphql(`…`) document. Codegen also
// validates each document against the schema, so a renamed field or argument of the API fails here.

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const apiDir = resolve(webDir, '../api');
const STALE = 'stale generated GraphQL files: run `pnpm codegen` and commit the result';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], cwd: string): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

const codegenCli = join(
  dirname(createRequire(import.meta.url).resolve('@graphql-codegen/cli/package.json')),
  'cjs/bin.js',
);

describe('generated GraphQL files', () => {
  let schema: Run;
  let codegen: Run;

  beforeAll(async () => {
    [schema, codegen] = await Promise.all([
      run(['scripts/emit-schema.mjs', '--stdout'], apiDir),
      run([codegenCli, '--config', 'codegen.ts', '--check'], webDir),
    ]);
  }, 240_000);

  it('apps/api/schema.gql is the schema the API builds', () => {
    expect(schema.status, schema.stderr).toBe(0);
    expect(readFileSync(join(apiDir, 'schema.gql'), 'utf8'), STALE).toBe(schema.stdout);
  });

  it('src/gql matches the schema and every document, and every document is valid', () => {
    const output = `${codegen.stdout}\n${codegen.stderr}`;
    expect(
      codegen.status,
      `graphql-codegen --check failed (stale src/gql, or a document the schema refuses: ${STALE})\n${output}`,
    ).toBe(0);
  });
});
