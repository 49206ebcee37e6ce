import { findNulPath, INVALID_CHARACTERS_MESSAGE } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { gql, registerCompany, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // A loopback port nobody listens on: a provider call that gets past validation fails here instead of leaving.
  const NOWHERE = await closedPortUrl();
  t = await startTestApp({
    WHATSAPP_GRAPH_URL: NOWHERE,
    MESSENGER_GRAPH_URL: NOWHERE,
    DIALOG360_URL: NOWHERE,
    SMS_API_URL: NOWHERE,
  });
  // A company of its own: whatever a wrong value manages to change stays out of the other suites' way.
  admin = (await registerCompany(t, 'fuzz')).token;
});
afterAll(async () => {
  await t.close();
});

// Every REST route that takes input, as an admin may call it. Sign-in, sign-out and webhooks have suites of their own.
const ROUTES: ReadonlyArray<readonly ['post' | 'put' | 'delete', string]> = [
  ['post', '/api/conversations_by_filter'],
  ['post', '/api/contacts/export'],
  ['post', '/api/importContacts'],
  ['post', '/api/sendToCRM'],
  ['post', '/api/addVinteInfo'],
  ['post', '/api/delete-conversation'],
  ['post', '/api/deleteMessage'],
  ['post', '/api/getContact'],
  ['post', '/api/reassign-agent'],
  ['post', '/api/upload'],
  ['post', '/api/tagsCount'],
  ['post', '/api/createSpace'],
  ['put', '/api/updateSpace'],
  ['post', '/api/createQuickAnswer'],
  ['post', '/api/updateQuickAnswer'],
  ['post', '/api/createAlbum'],
  ['put', '/api/uploadFile'],
  ['delete', '/api/removeContent'],
  ['delete', '/api/deleteAlbum'],
  ['post', '/api/user'],
  ['put', '/api/user'],
  ['put', '/api/deleteUser'],
  ['post', '/api/getQR'],
  ['post', '/api/getChannelStatus'],
  ['post', '/api/logoutSlot'],
  ['post', '/api/fbUserPermanentToken'],
  ['post', '/api/syncMessengerPages'],
  ['post', '/api/setExpirationDate'],
  ['post', '/api/sandbox/simulate'],
  ['post', '/api/sandbox/scan'],
];

// The names our forms and calls use (02 §7), each given the same wrong value at once.
const FIELDS = [
  'id',
  'ids',
  'clientId',
  'contactId',
  'channelId',
  'channelsIds',
  'spaceId',
  'albumId',
  'fileId',
  'parentId',
  'name',
  'spaceName',
  'channels',
  'newChannels',
  'rolId',
  'spacesIds',
  'isAdminOfIds',
  'locationId',
  'categoriesIds',
  'email',
  'password',
  'phone',
  'text',
  'shortcut',
  'keyword',
  'agentId',
  'agentIdIn',
  'groupAdminId',
  'tagsIds',
  'accessToken',
  'slotName',
  'getChatHistory',
  'chatHistoryTime',
  'companyId',
  'userWorkingHours',
  'type',
  'fileType',
  'url',
  'first',
  'skip',
  'filterContactsBy',
  'createdAtFrom',
  'createdAtTo',
  'format',
  'weight',
  'fileName',
  'message',
  'body',
];

// A NUL cannot be stored by PostgreSQL: it is refused with a 400 wherever it is. The other control characters
// (U+0001–U+001F, U+007F) are valid text: they may be stored, and must never be a 5xx either.
const NUL_TEXT = 'a\u0000b';
const CONTROL_TEXT = `a${Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join('')}\u007fb`;

const BAD_VALUES: unknown[] = [
  -1,
  0,
  1.5,
  3_000_000_000,
  1e300,
  'abc',
  '',
  '   ',
  null,
  true,
  [],
  {},
  [3_000_000_000],
  [{ id: 'x' }],
  { $gt: 1 },
  'x'.repeat(20_000),
  '2026-13-45',
  NUL_TEXT,
  CONTROL_TEXT,
];

// A well-formed id nobody has: with the id fields right, text values get past them to the checks (and
// statements) behind, instead of stopping at the first id check.
const UNKNOWN_ID = 2_000_000_000;
const ID_FIELDS = new Set([
  'id',
  'clientId',
  'contactId',
  'channelId',
  'spaceId',
  'albumId',
  'fileId',
  'parentId',
  'rolId',
  'locationId',
  'agentId',
  'groupAdminId',
  'companyId',
]);
const ID_LIST_FIELDS = new Set([
  'ids',
  'channelsIds',
  'channels',
  'newChannels',
  'spacesIds',
  'isAdminOfIds',
  'categoriesIds',
  'agentIdIn',
  'tagsIds',
]);
// Routes that read no body field (only the uploaded file): a NUL there is never read, the 400 is for the file.
const FILE_ONLY_ROUTES = new Set(['/api/upload']);
const NUMBER_FIELDS: Record<string, number> = { first: 10, skip: 0, weight: 1, chatHistoryTime: 1 };

function textBody(text: string): Record<string, unknown> {
  return Object.fromEntries(
    FIELDS.map((field) => {
      if (ID_FIELDS.has(field)) return [field, UNKNOWN_ID];
      if (ID_LIST_FIELDS.has(field)) return [field, [UNKNOWN_ID]];
      if (field in NUMBER_FIELDS) return [field, NUMBER_FIELDS[field]];
      return [field, text];
    }),
  );
}

const BODIES: unknown[] = [
  ...BAD_VALUES.map((value) => Object.fromEntries(FIELDS.map((field) => [field, value]))),
  textBody(NUL_TEXT),
  textBody(CONTROL_TEXT),
];

function send(method: 'post' | 'put' | 'delete', path: string, body: unknown) {
  return t.http[method](path)
    .set('Authorization', `Bearer ${admin}`)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));
}

const statuses = new Map<number, number>();

describe('bad input on every REST route', () => {
  it('never answers 5xx, whatever each field holds, and refuses a NUL with a 400 on its field', async () => {
    const failures: string[] = [];
    for (const [method, path] of ROUTES) {
      for (const body of BODIES) {
        const res = await send(method, path, body);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const shown = JSON.stringify(body).slice(0, 60);
        // A token that passes the checks is sent to the provider, which is down here: 503 is the honest answer.
        const providerDown = res.status === 503 && res.body.code === 'PROVIDER_UNAVAILABLE';
        if (res.status >= 500 && !providerDown) failures.push(`${method} ${path} ${shown} → ${res.status}`);
        else if (findNulPath(body) !== null) {
          const refused =
            res.status === 400 &&
            res.body.code === 'VALIDATION_ERROR' &&
            (FILE_ONLY_ROUTES.has(path) ||
              (FIELDS.includes(String(res.body.field).split('.')[0]) &&
                res.body.userMessage === INVALID_CHARACTERS_MESSAGE));
          if (!refused)
            failures.push(`${method} ${path} ${shown} → ${res.status} ${JSON.stringify(res.body)}`);
        } else if (res.status >= 400) {
          expect(res.body.code, `${method} ${path}`).toEqual(expect.any(String));
          expect(res.body.userMessage, `${method} ${path}`).toMatch(/\S/);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answers 5xx to a body that is not an object', async () => {
    const failures: string[] = [];
    for (const [method, path] of ROUTES) {
      for (const body of [[], 'texto', 42, null, [{ id: 1 }]]) {
        const res = await send(method, path, body);
        if (res.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(body)} → ${res.status}`);
      }
      const malformed = await t.http[method](path)
        .set('Authorization', `Bearer ${admin}`)
        .set('Content-Type', 'application/json')
        .send('{"id": ');
      if (malformed.status !== 400) failures.push(`${method} ${path} malformed JSON → ${malformed.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers a 400 on the id to path ids that are not ids', async () => {
    for (const path of ['/api/deleteSpace/', '/api/datasheetConfiguration/']) {
      for (const id of ['abc', '-1', '1.5', '0', '99999999999', '%20']) {
        const res = await t.http.delete(`${path}${id}`).set('Authorization', `Bearer ${admin}`);
        expect(res.status, `${path}${id}`).toBe(400);
        expect(res.body).toMatchObject({ field: 'id' });
      }
    }
  });

  it('reaches the routes (not stopped by the session or the company status)', () => {
    const refusedAtTheDoor = (statuses.get(401) ?? 0) + (statuses.get(402) ?? 0);
    expect(refusedAtTheDoor).toBe(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(ROUTES.length);
  });

  it('still answers after all of it', async () => {
    const res = await t.http.get('/api/health');
    expect(res.status).toBe(200);
  });
});

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface SchemaField {
  name: string;
  args: Array<{ name: string; type: TypeRef }>;
  type: TypeRef;
}
interface SchemaType {
  name: string;
  kind: string;
  inputFields: Array<{ name: string; type: TypeRef }> | null;
  enumValues: Array<{ name: string }> | null;
}

const TYPE_REF =
  'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
const SCHEMA = `{ __schema {
  queryType { fields { name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } } }
  mutationType { fields { name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } } }
  types { name kind inputFields { name type { ${TYPE_REF} } } enumValues { name } }
} }`;

// Wrong in meaning but right in GraphQL type: what gets past the schema and must be caught by our own checks.
// The last two put NUL and the other control characters into every string, with plausible numbers around them.
const VARIANTS = 8;
const NUL_VARIANT = 6;
const STRINGS = ['', '   ', 'x'.repeat(20_000), '2026-13-45', '<b>¿?</b>', '-1', NUL_TEXT, CONTROL_TEXT];
const INTS = [-1, 0, 2_147_483_647, -2_147_483_648, 1, 7, 1, 7];
const FLOATS = [-1, 0, 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER, 0.5, 1];

function typeName(ref: TypeRef): string {
  if (ref.kind === 'NON_NULL' && ref.ofType) return `${typeName(ref.ofType)}!`;
  if (ref.kind === 'LIST' && ref.ofType) return `[${typeName(ref.ofType)}]`;
  return ref.name ?? 'String';
}

function namedType(ref: TypeRef): TypeRef {
  return ref.ofType ? namedType(ref.ofType) : ref;
}

function valueFor(ref: TypeRef, variant: number, types: Map<string, SchemaType>, depth = 0): unknown {
  if (ref.kind === 'NON_NULL' && ref.ofType) return valueFor(ref.ofType, variant, types, depth);
  if (ref.kind === 'LIST' && ref.ofType) return [valueFor(ref.ofType, variant, types, depth)];
  const type = ref.name ? types.get(ref.name) : undefined;
  if (type?.kind === 'ENUM') return type.enumValues?.[variant % type.enumValues.length]?.name;
  if (type?.kind === 'INPUT_OBJECT') {
    if (depth > 3) return {};
    return Object.fromEntries(
      (type.inputFields ?? []).map((field) => [field.name, valueFor(field.type, variant, types, depth + 1)]),
    );
  }
  if (ref.name === 'Int') return INTS[variant];
  if (ref.name === 'Float') return FLOATS[variant];
  if (ref.name === 'Boolean') return variant % 2 === 0;
  return STRINGS[variant];
}

/** A value written into the document itself: strings with their escapes (NUL as \u0000), enums bare. */
function literalFor(ref: TypeRef, value: unknown, types: Map<string, SchemaType>): string {
  if (ref.kind === 'NON_NULL' && ref.ofType) return literalFor(ref.ofType, value, types);
  if (value === null || value === undefined) return 'null';
  if (ref.kind === 'LIST' && ref.ofType && Array.isArray(value)) {
    const item = ref.ofType;
    return `[${value.map((v) => literalFor(item, v, types)).join(', ')}]`;
  }
  const type = ref.name ? types.get(ref.name) : undefined;
  if (type?.kind === 'ENUM') return String(value);
  if (type?.kind === 'INPUT_OBJECT' && typeof value === 'object') {
    const fields = type.inputFields ?? [];
    const entries = Object.entries(value as Record<string, unknown>).map(([name, v]) => {
      const input = fields.find((f) => f.name === name);
      return input ? `${name}: ${literalFor(input.type, v, types)}` : '';
    });
    return `{ ${entries.filter(Boolean).join(', ')} }`;
  }
  // JSON.stringify escapes as GraphQL string literals do (\u0000, \u001f, \").
  return JSON.stringify(value);
}

function literalDocumentFor(
  operation: 'query' | 'mutation',
  field: SchemaField,
  variables: Record<string, unknown>,
  types: Map<string, SchemaType>,
): string {
  const args = field.args.map((arg) => `${arg.name}: ${literalFor(arg.type, variables[arg.name], types)}`);
  const returned = namedType(field.type);
  const selection = returned.kind === 'OBJECT' ? ' { __typename }' : '';
  return `${operation} { ${field.name}(${args.join(', ')})${selection} }`;
}

function documentFor(operation: 'query' | 'mutation', field: SchemaField): string {
  const vars = field.args.map((arg) => `$${arg.name}: ${typeName(arg.type)}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const returned = namedType(field.type);
  const selection = returned.kind === 'OBJECT' ? ' { __typename }' : '';
  return `${operation}${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

describe('bad input on every GraphQL field', () => {
  it('never answers an internal error, whatever each argument holds', async () => {
    const schema = await gql<{
      __schema: {
        queryType: { fields: SchemaField[] };
        mutationType: { fields: SchemaField[] };
        types: SchemaType[];
      };
    }>(t, admin, SCHEMA);
    const root = schema.data?.__schema;
    if (!root) throw new Error(JSON.stringify(schema.errors));
    const types = new Map(root.types.map((type) => [type.name, type]));
    const operations: Array<['query' | 'mutation', SchemaField]> = [
      ...root.queryType.fields.map((field): ['query', SchemaField] => ['query', field]),
      ...root.mutationType.fields.map((field): ['mutation', SchemaField] => ['mutation', field]),
    ];
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let refusedNul = 0;
    for (const [operation, field] of operations) {
      if (field.args.length === 0) continue;
      const document = documentFor(operation, field);
      for (let variant = 0; variant < VARIANTS; variant += 1) {
        const variables = Object.fromEntries(
          field.args.map((arg) => [arg.name, valueFor(arg.type, variant, types)]),
        );
        const sent: Array<[string, Record<string, unknown>]> = [[document, variables]];
        // The same NUL as a \u0000 escape in string literals of the document, not in variables.
        if (variant === NUL_VARIANT) sent.push([literalDocumentFor(operation, field, variables, types), {}]);
        for (const [query, vars] of sent) {
          const how = query === document ? 'variables' : 'literals';
          const res = await gql(t, admin, query, vars);
          for (const error of res.errors ?? []) {
            const code = error.extensions?.code;
            if (code === 'INTERNAL_ERROR' || code === 'INTERNAL_SERVER_ERROR')
              failures.push(`${field.name} #${variant} ${how}: ${error.message.slice(0, 120)}`);
          }
          if (variant !== NUL_VARIANT || findNulPath(variables) === null) continue;
          const [first] = res.errors ?? [];
          const ext = first?.extensions;
          if (
            ext?.code === 'VALIDATION_ERROR' &&
            typeof ext.field === 'string' &&
            ext.userMessage === INVALID_CHARACTERS_MESSAGE
          ) {
            refusedNul += 1;
          } else {
            failures.push(
              `${field.name} NUL in ${how}: ${JSON.stringify(res.errors ?? res.data).slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refusedNul).toBeGreaterThan(40);
  });
});
