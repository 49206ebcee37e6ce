import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Types of every GraphQL document of the web client, from the API's schema (apps/api/schema.gql, written by
 * apps/api/scripts/emit-schema.mjs). `pnpm codegen` regenerates both; src/__tests__/graphql-codegen.test.ts fails
 * when either is stale. Documents are written with `graphql(...)` from src/gql, which returns a typed document, so
 * useQuery/useMutation infer data and variables.
 */
const config: CodegenConfig = {
  schema: '../api/schema.gql',
  // .graphql: a document also sent as text before Apollo Client has loaded (the session's `me`, issue 22).
  documents: ['src/**/*.{ts,tsx}', 'src/**/*.graphql', '!src/gql/**'],
  ignoreNoDocuments: false,
  generates: {
    'src/gql/': {
      preset: 'client',
      presetConfig: {
        // Off: components read fragment fields straight from query results (the conversation fragment feeds the
        // list, the panel and the socket-updated cache as one plain ConversationView shape). Masking would make
        // every reader unwrap with useFragment for no gain here.
        fragmentMasking: false,
      },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        // The API sends dates as ISO strings and JSON values as whatever was stored.
        scalars: { DateTime: 'string', JSON: 'unknown' },
        skipTypename: false,
      },
    },
  },
};

export default config;
