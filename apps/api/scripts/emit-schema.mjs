// Prints the API's GraphQL schema as SDL, the way `GraphQLModule.forRoot({ autoSchemaFile: true, sortSchema: true })`
// builds it, without a database or a Nest application: the sources are compiled on the fly with the API's own
// .swcrc (no build needed), every provider of every module that AppModule imports is handed to
// GraphQLSchemaFactory (as Nest's ResolversExplorerService#getAllCtors does), and the result is sorted and printed.
//
//   node scripts/emit-schema.mjs            writes apps/api/schema.gql
//   node scripts/emit-schema.mjs --stdout   prints it instead (the web's staleness test compares it)
import { readFileSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const API = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMA_FILE = join(API, 'schema.gql');
const SHARED_SOURCE = resolve(API, '../../packages/shared/src/index.ts');
const HEADER =
  '# Generated from the API resolvers by apps/api/scripts/emit-schema.mjs (`pnpm codegen`). Do not edit.\n\n';

const require = createRequire(join(API, 'package.json'));
const swc = require('@swc/core');
const swcrc = JSON.parse(readFileSync(join(API, '.swcrc'), 'utf8'));
delete swcrc.$schema;

/** `.ts` files are compiled with the API's .swcrc when required, as `swc src -d dist` would. */
require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(readFileSync(filename, 'utf8'), {
    ...swcrc,
    filename,
    swcrc: false,
    configFile: false,
    sourceMaps: false,
  });
  module._compile(code, filename);
};

// @crm/shared from its sources, like the API's vitest config: no stale dist/.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === '@crm/shared' ? SHARED_SOURCE : request, ...rest);
};

function moduleParts(entry) {
  if (entry && typeof entry.forwardRef === 'function') return moduleParts(entry.forwardRef());
  if (typeof entry === 'function') {
    return {
      key: entry,
      imports: Reflect.getMetadata('imports', entry) ?? [],
      providers: Reflect.getMetadata('providers', entry) ?? [],
    };
  }
  if (entry && typeof entry.module === 'function') {
    const own = moduleParts(entry.module);
    return {
      key: entry,
      imports: [...own.imports, ...(entry.imports ?? [])],
      providers: [...own.providers, ...(entry.providers ?? [])],
    };
  }
  return null;
}

/** Every provider class of the module tree under `root`. */
async function providerClasses(root) {
  const seen = new Set();
  const classes = new Set();
  const queue = [root];
  while (queue.length > 0) {
    const parts = moduleParts(await queue.shift());
    if (!parts || seen.has(parts.key)) continue;
    seen.add(parts.key);
    queue.push(...parts.imports);
    for (const provider of parts.providers) {
      if (typeof provider === 'function') classes.add(provider);
      else if (typeof provider?.useClass === 'function') classes.add(provider.useClass);
    }
  }
  return [...classes];
}

export async function emitSchema() {
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core');
  const { GraphQLSchemaBuilderModule, GraphQLSchemaFactory } = require('@nestjs/graphql');
  const { lexicographicSortSchema, printSchema } = require('graphql');
  const { AppModule } = require(join(API, 'src/app.module.ts'));

  const root = AppModule.register({ nodeEnv: 'development' }, 'postgres://schema-only/none');
  const resolvers = await providerClasses(root);
  const context = await NestFactory.createApplicationContext(GraphQLSchemaBuilderModule, { logger: false });
  try {
    const schema = await context.get(GraphQLSchemaFactory).create(resolvers);
    return `${HEADER}${printSchema(lexicographicSortSchema(schema))}\n`;
  } finally {
    await context.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sdl = await emitSchema();
  if (process.argv.includes('--stdout')) process.stdout.write(sdl);
  else writeFileSync(SCHEMA_FILE, sdl);
}
