import { PROFILE_VERTICALS } from '@crm/shared';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { AUTHENTICATED_KEY, PERMISSIONS_KEY, PUBLIC_KEY } from '../src/common/decorators/auth.decorators';
import type { TestApp } from './helpers';
import type { RowKind, Tenant } from './security-matrix-kit';

export type Access = 'public' | 'authenticated' | 'permissions' | 'none';

/** One REST route or GraphQL operation of the running app, with what its guards declare. */
export interface Operation {
  /** `Controller.method` or `Query.field` / `Mutation.field`. */
  name: string;
  handler: string;
  kind: 'rest' | 'graphql';
  access: Access;
  permissions: string[];
  method?: string;
  /** Nest's path with `:params`, the global prefix applied. */
  path?: string;
  field?: GraphQLField<unknown, unknown>;
  operationType?: 'query' | 'mutation';
}

const RESOLVER_TYPE_METADATA = 'graphql:resolver_type';
const RESOLVER_NAME_METADATA = 'graphql:resolver_name';

function joinPath(...parts: string[]): string {
  return `/${parts
    .flatMap((p) => p.split('/'))
    .filter((p) => p !== '')
    .join('/')}`;
}

/**
 * Every REST route from Nest's own metadata (controllers found by DiscoveryService, handlers by MetadataScanner,
 * PATH_METADATA and METHOD_METADATA), whatever HTTP platform serves them, and every Query and Mutation field of
 * the built GraphQL schema, each with the access its handler declares.
 */
export function enumerateOperations(t: TestApp, apiPrefix: (path: string) => string): Operation[] {
  const discovery = new DiscoveryService(t.app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const reflector = new Reflector();
  const accessOf = (fn: object, cls: object) => {
    const targets = [fn, cls] as Array<(...args: unknown[]) => unknown>;
    const permissions = reflector.getAllAndOverride<string[] | undefined>(PERMISSIONS_KEY, targets) ?? [];
    const access: Access = reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)
      ? 'public'
      : permissions.length > 0
        ? 'permissions'
        : reflector.getAllAndOverride<boolean>(AUTHENTICATED_KEY, targets)
          ? 'authenticated'
          : 'none';
    return { access, permissions };
  };
  const operations: Operation[] = [];
  for (const wrapper of discovery.getControllers()) {
    const cls = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
    if (!cls?.prototype) continue;
    const base = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, cls) ?? '/');
    for (const methodName of scanner.getAllMethodNames(cls.prototype)) {
      const fn = (cls.prototype as Record<string, object>)[methodName];
      const requestMethod: RequestMethod | undefined = Reflect.getMetadata(METHOD_METADATA, fn);
      if (requestMethod === undefined) continue;
      const paths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, fn) ?? '/');
      for (const b of base) {
        for (const p of paths) {
          operations.push({
            name: `${RequestMethod[requestMethod]} ${apiPrefix(joinPath(b, p))}`,
            handler: `${cls.name}.${methodName}`,
            kind: 'rest',
            method: RequestMethod[requestMethod],
            path: apiPrefix(joinPath(b, p)),
            ...accessOf(fn, cls),
          });
        }
      }
    }
  }
  const resolvers = new Map<string, { handler: string; fn: object; cls: object }>();
  for (const wrapper of discovery.getProviders()) {
    const cls = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
    if (typeof cls !== 'function' || !cls.prototype) continue;
    for (const methodName of scanner.getAllMethodNames(cls.prototype)) {
      const fn = (cls.prototype as Record<string, object>)[methodName];
      const type = Reflect.getMetadata(RESOLVER_TYPE_METADATA, fn);
      if (type !== 'Query' && type !== 'Mutation') continue;
      const field = Reflect.getMetadata(RESOLVER_NAME_METADATA, fn) ?? methodName;
      resolvers.set(`${type}.${field}`, { handler: `${cls.name}.${methodName}`, fn, cls });
    }
  }
  const schema = t.app.get(GraphQLSchemaHost).schema;
  for (const [operationType, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    if (!root) continue;
    for (const field of Object.values(root.getFields())) {
      const name = `${root.name}.${field.name}`;
      const resolver = resolvers.get(name);
      operations.push({
        name,
        handler: resolver?.handler ?? `(no resolver found for ${name})`,
        kind: 'graphql',
        field,
        operationType,
        ...(resolver ? accessOf(resolver.fn, resolver.cls) : { access: 'none' as const, permissions: [] }),
      });
    }
  }
  return operations;
}

// ---- which row an id field names ---------------------------------------------------------------------------

/** Id fields by name, wherever they appear (path, query, body, GraphQL argument or input field). */
const ID_FIELDS: Record<string, RowKind> = {
  channelId: 'channel',
  channelsIds: 'channel',
  channels: 'channel',
  newChannels: 'channel',
  spaceChannelIds: 'channel',
  clientId: 'client',
  clientIds: 'client',
  agentId: 'agent',
  agentIdIn: 'agent',
  groupAdminId: 'agent',
  userId: 'agent',
  isAdminOfIds: 'user',
  members: 'agent',
  guests: 'agent',
  senderUserId: 'agent',
  tagId: 'tag',
  tagsIds: 'tag',
  tagIds: 'tag',
  disableBotTagIds: 'tag',
  spaceId: 'space',
  spacesIds: 'space',
  spaceIds: 'space',
  selectedSpaceId: 'space',
  companyId: 'company',
  company: 'company',
  messageId: 'message',
  messageIds: 'message',
  // POST /getContact: a contacts message's card is named by the message's id.
  contactId: 'message',
  quotedMsgId: 'message',
  replyMessageId: 'message',
  lastMessageId: 'message',
  templateId: 'template',
  albumId: 'album',
  parentId: 'album',
  fileId: 'file',
  coverFileId: 'file',
  campaignId: 'campaign',
  rolId: 'role',
  roleId: 'role',
  locationId: 'location',
  categoryId: 'category',
  categoriesIds: 'category',
  fieldId: 'datasheetField',
  configId: 'messageBotConfig',
  columnId: 'boardColumn',
  itemId: 'boardItem',
  boardId: 'board',
};

/** `id` / `ids` inside a list of this name: the list's own rows. */
const NESTED_ID_KIND: Record<string, RowKind> = { columns: 'boardColumn', options: 'surveyOption' };

/** What `id` / `ids` name, per handler (REST `Controller.method`) or GraphQL field. */
const ID_KIND_BY_OPERATION: Record<string, RowKind> = {
  'SpacesController.update': 'space',
  'SpacesController.delete': 'space',
  'TeamController.update': 'agent',
  'TeamController.delete': 'agent',
  'MessagesController.deleteMessage': 'message',
  'InboundMediaController.content': 'message',
  'InboundMediaController.retry': 'message',
  'BillingController.customer': 'company',
  'BillingController.deleteCard': 'company',
  'DatasheetController.delete': 'datasheetField',
  'MultimediaController.content': 'file',
  'CampaignsController.remove': 'campaign',
  'CampaignsController.pause': 'campaign',
  'CampaignsController.resume': 'campaign',
  'CampaignAnalyticsController.statistics': 'campaign',
  'CampaignAnalyticsController.export': 'campaign',
  'BoardsController.byUserAndCompany': 'agent',
  'BoardsController.byUser': 'agent',
  'BoardsController.one': 'board',
  'BoardsController.update': 'board',
  'BoardsController.remove': 'board',
  'BoardsController.addItem': 'board',
  'BoardsController.updateItem': 'board',
  'BoardsController.moveItem': 'board',
  'BoardsController.removeItem': 'board',
  'AnalyticsReportsController.update': 'report',
  'SurveysController.update': 'surveyConfig',
  'QuickAnswersController.update': 'quickAnswer',
  'ContactsController.importReport': 'contactImport',
  'SurveysController.deleteOptions': 'surveyOption',
  'Mutation.activateChannel': 'channel',
  'Mutation.deactivateChannel': 'channel',
  'Mutation.renameChannel': 'channel',
  'Mutation.setChannelChatbot': 'channel',
  'Mutation.deleteCampaign': 'campaign',
  'Mutation.deleteCategory': 'category',
  'Mutation.updateCategory': 'category',
  'Mutation.deleteFollowUpMessage': 'followUp',
  'Mutation.updateFollowUpMessage': 'followUp',
  'Mutation.deleteLocation': 'location',
  'Mutation.updateLocation': 'location',
  'Mutation.deleteMessageBot': 'messageBot',
  'Mutation.deleteMessageBotConfig': 'messageBotConfig',
  'Mutation.updateMessageBotConfig': 'messageBotConfig',
  'Mutation.deleteQuickAnswer': 'quickAnswer',
  'Mutation.useQuickAnswer': 'quickAnswer',
  'Mutation.updateQuickAnswer': 'quickAnswer',
  'Query.quickAnswer': 'quickAnswer',
  'Mutation.deleteRole': 'role',
  'Mutation.updateRole': 'role',
  'Mutation.deleteTag': 'tag',
  'Mutation.updateTag': 'tag',
  'Mutation.updateDatasheetField': 'datasheetField',
  'Mutation.updateReport': 'report',
  'Mutation.updateUserAvailability': 'agent',
  'Query.album': 'album',
  'Query.space': 'space',
  'Query.teamUser': 'agent',
  'Query.user': 'agent',
  'Mutation.deleteManySurveyOptions': 'surveyOption',
  'Mutation.updateSurveyConfig': 'surveyConfig',
  'Mutation.updateWelcomeMessage': 'welcomeMessage',
};

/** Text fields whose only valid values a name cannot tell (a JSON list in a form field, a fixed list). */
const PLAIN_VALUES: Record<string, string> = {
  vertical: PROFILE_VERTICALS[0],
};

/** Rows named by a text of theirs rather than their id (see ValueMaker.string). */
const STRING_ROW_REFERENCES: Record<string, RowKind> = { providerId: 'channel' };

/** String fields named like ids that are not rows of ours: the provider's or the browser's own identifiers. */
const FOREIGN_STRING_IDS = new Set([
  'wabaId',
  'phoneNumberId',
  'paymentMethodId',
  'cardId',
  'customerId',
  'providerCustomerId',
  'providerMethodId',
  'fakeId',
  'onboardingId',
  'replyId',
]);

function isIdName(name: string): boolean {
  return /^ids?$|Ids?$|IdIn$/.test(name) || name in ID_FIELDS;
}

export class UnbuildableCall extends Error {}

/** Builds values for one operation: every id field names a row of `tenant`; the rest is plausible input. */
export class ValueMaker {
  /** Id fields met while building (path → kind), to tell a call that names rows from one that names none. */
  readonly idFields: Array<{ path: string; kind: RowKind }> = [];

  /**
   * @param foreign one id field (by path) that names a row of another tenant while every other field names the
   * caller's own rows: the other ids cannot stop the call before that field's check.
   */
  constructor(
    private readonly operation: Operation,
    private readonly tenant: Tenant,
    private readonly foreign?: { path: string; tenant: Tenant },
  ) {}

  idKind(name: string, path: string[]): RowKind {
    if (name === 'id' || name === 'ids') {
      const parents = path.slice(0, -1).filter((p) => !/^\d+$/.test(p));
      const parent = parents[parents.length - 1];
      if (parent && NESTED_ID_KIND[parent]) return NESTED_ID_KIND[parent];
      const kind = ID_KIND_BY_OPERATION[this.operation.handler] ?? ID_KIND_BY_OPERATION[this.operation.name];
      if (kind) return kind;
      throw new UnbuildableCall(`${this.operation.name}: no row kind declared for "${path.join('.')}"`);
    }
    const kind = ID_FIELDS[name];
    if (!kind) throw new UnbuildableCall(`${this.operation.name}: unknown id field "${path.join('.')}"`);
    return kind;
  }

  /** The id of `name`'s row, or null when `name` is not an id field. */
  id(name: string, path: string[]): number | null {
    // Public routes name no row of a company (the sign-up record's id is random text).
    if (this.operation.access === 'public') return null;
    if (name in STRING_ROW_REFERENCES) {
      this.idFields.push({ path: path.join('.'), kind: STRING_ROW_REFERENCES[name] });
      return null;
    }
    if (FOREIGN_STRING_IDS.has(name) || !isIdName(name)) return null;
    const kind = this.idKind(name, path);
    const at = path.join('.');
    this.idFields.push({ path: at, kind });
    return (this.foreign?.path === at ? this.foreign.tenant : this.tenant).ids[kind];
  }

  /**
   * Whether a call carries this field: required ones, and every id field (each must be tried with the other
   * company's row); optional plain values are left out, so the call is valid and reaches the ownership checks.
   */
  wanted(name: string, required: boolean, plain = false): boolean {
    if (required || plain) return true;
    return this.operation.access !== 'public' && (isIdName(name) || name in STRING_ROW_REFERENCES);
  }

  string(name: string): string {
    if (name in PLAIN_VALUES) return PLAIN_VALUES[name];
    if (name === 'providerId') return this.tenant.channelProviderId;
    if (/email/i.test(name)) return `matriz.${this.tenant.label.toLowerCase()}@example.com`;
    if (/phone|^from$/i.test(name)) return '5215512349876';
    if (/password/i.test(name)) return 'Segura123';
    if (/color/i.test(name)) return '#123456';
    if (/url|uri|website/i.test(name)) return 'https://example.com/archivo.png';
    if (/frequency/i.test(name)) return 'WEEKLY';
    if (/^order$/.test(name)) return 'desc';
    // A range the statistics accept: the last week.
    if (/^startDate$|From$/.test(name))
      return new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    if (/^endDate$|To$/.test(name)) return new Date().toISOString().slice(0, 10);
    if (/date|At$|Time$/i.test(name)) return new Date(Date.now() + 86_400_000).toISOString();
    return 'Matriz';
  }
}

// ---- REST calls from the OpenAPI document (built by @nestjs/swagger from the DTOs' metadata) ------------------

export interface OpenApiSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: OpenApiSchema;
  properties?: Record<string, OpenApiSchema>;
  $ref?: string;
  allOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  default?: unknown;
  minimum?: number;
  required?: string[];
}

export interface OpenApiOperation {
  operationId: string;
  parameters?: Array<{ name: string; in: string; schema?: OpenApiSchema }>;
  requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
  responses: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, OpenApiSchema> };
}

export interface RestCall {
  method: string;
  url: string;
  query: Record<string, string>;
  /** JSON body, or multipart fields when `multipart`. */
  body: Record<string, unknown> | null;
  multipart: boolean;
  /** Multipart file fields (names). */
  files: string[];
  /** Paths of the string fields (query, body), for the NUL check. */
  stringFields: Array<{ in: 'query' | 'body'; path: string[] }>;
  documented400: boolean;
}

export function openApiOperation(doc: OpenApiDocument, op: Operation): OpenApiOperation | null {
  const path = (op.path ?? '').replace(/:(\w+)/g, '{$1}');
  return doc.paths[path]?.[(op.method ?? '').toLowerCase()] ?? null;
}

function resolve(doc: OpenApiDocument, schema: OpenApiSchema): OpenApiSchema {
  let s = schema;
  if (s.$ref) s = doc.components.schemas[s.$ref.split('/').pop() ?? ''] ?? {};
  if (s.allOf) {
    const merged: OpenApiSchema = { type: 'object', properties: {} };
    for (const part of s.allOf) {
      const r = resolve(doc, part);
      Object.assign(merged.properties ?? {}, r.properties ?? {});
      if (r.type && r.type !== 'object') return r;
    }
    return merged;
  }
  const alt = s.oneOf ?? s.anyOf;
  if (alt && alt.length > 0) return resolve(doc, alt[0]);
  return s;
}

/**
 * An optional REST field the call fills anyway (the DTOs mark fields optional that the service requires, e.g. a
 * space's name): every one but opaque values (`object` without a shape), keyset cursors (only a previous answer
 * can give one) and a user's working hours (a week of seven days in JSON text).
 */
function restPlain(doc: OpenApiDocument, key: string, schema: OpenApiSchema): boolean {
  const s = resolve(doc, schema);
  if (key === 'after' || key === 'userWorkingHours') return false;
  return !(s.type === 'object' && !s.properties) && !(s.type === undefined && !s.enum && !s.properties);
}

function restValue(
  doc: OpenApiDocument,
  schema: OpenApiSchema,
  path: string[],
  maker: ValueMaker,
  strings: string[][],
  depth = 0,
): unknown {
  const s = resolve(doc, schema);
  const name = path[path.length - 1] ?? '';
  const rowId = /^\d+$/.test(name) ? null : maker.id(name, path);
  if (rowId !== null) {
    if (s.type === 'array') return [rowId];
    // Multipart fields carry id lists as JSON text.
    if (s.type === 'string' && /s$/.test(name)) return JSON.stringify([rowId]);
    return rowId;
  }
  if (s.enum && s.enum.length > 0) return s.enum[0];
  if (s.type === 'array') return [restValue(doc, s.items ?? {}, [...path, '0'], maker, strings, depth + 1)];
  if (s.type === 'object' || s.properties) {
    if (depth > 5) return {};
    const out: Record<string, unknown> = {};
    for (const [key, prop] of Object.entries(s.properties ?? {})) {
      if (!maker.wanted(key, s.required?.includes(key) === true, restPlain(doc, key, prop))) continue;
      out[key] = restValue(doc, prop, [...path, key], maker, strings, depth + 1);
    }
    return out;
  }
  if (s.type === 'integer' || s.type === 'number') return Math.max(1, s.minimum ?? 1);
  if (s.type === 'boolean') return false;
  strings.push(path);
  return maker.string(name);
}

/** A call of `op` whose every id names a row of `maker`'s tenant; null params become the tenant's company. */
export function buildRestCall(
  doc: OpenApiDocument,
  op: Operation,
  api: OpenApiOperation,
  maker: ValueMaker,
): RestCall {
  let url = op.path ?? '';
  const query: Record<string, string> = {};
  const stringFields: RestCall['stringFields'] = [];
  for (const param of api.parameters ?? []) {
    if (param.in === 'header') continue;
    const strings: string[][] = [];
    const value = restValue(doc, param.schema ?? { type: 'string' }, [param.name], maker, strings);
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (param.in === 'path') url = url.replace(`:${param.name}`, encodeURIComponent(text));
    if (param.in === 'query') {
      query[param.name] = text;
      for (const s of strings) stringFields.push({ in: 'query', path: s });
    }
  }
  if (/:\w+/.test(url)) throw new UnbuildableCall(`${op.name}: path parameters not documented`);
  let body: Record<string, unknown> | null = null;
  let multipart = false;
  const files: string[] = [];
  const content = api.requestBody?.content ?? {};
  const type = content['application/json']
    ? 'application/json'
    : content['multipart/form-data']
      ? 'multipart/form-data'
      : Object.keys(content)[0];
  if (type) {
    multipart = type === 'multipart/form-data' && !content['application/json'];
    const schema = resolve(doc, content[type].schema);
    body = {};
    for (const [key, prop] of Object.entries(schema.properties ?? {})) {
      const p = resolve(doc, prop);
      if (p.format === 'binary' || (p.type === 'array' && resolve(doc, p.items ?? {}).format === 'binary')) {
        files.push(key);
        continue;
      }
      if (!maker.wanted(key, schema.required?.includes(key) === true, restPlain(doc, key, prop))) continue;
      const strings: string[][] = [];
      body[key] = restValue(doc, prop, [key], maker, strings);
      for (const s of strings) stringFields.push({ in: 'body', path: s });
    }
    // A JSON route that also takes multipart (a form with its image) still has its file field.
    if (!multipart && content['multipart/form-data']) {
      const form = resolve(doc, content['multipart/form-data'].schema);
      for (const [key, prop] of Object.entries(form.properties ?? {})) {
        if (resolve(doc, prop).format === 'binary') delete body[key];
      }
    }
  }
  return {
    method: op.method ?? 'GET',
    url,
    query,
    body,
    multipart,
    files,
    stringFields,
    documented400: '400' in api.responses,
  };
}

// ---- GraphQL calls from the built schema ---------------------------------------------------------------------

export interface GraphqlCall {
  query: string;
  variables: Record<string, unknown>;
  /** Paths of string variables (arguments and input fields), for the NUL check. */
  stringFields: string[][];
}

function gqlValue(
  type: GraphQLInputType,
  path: string[],
  maker: ValueMaker,
  strings: string[][],
  depth = 0,
): unknown {
  const named = getNamedType(type);
  const nullable = getNullableType(type);
  const name = path[path.length - 1] ?? '';
  if (isListType(nullable)) return [gqlValue(nullable.ofType, [...path, '0'], maker, strings, depth + 1)];
  if (isScalarType(named) && (named.name === 'Int' || named.name === 'ID' || named.name === 'String')) {
    const parent = /^\d+$/.test(name) ? (path[path.length - 2] ?? '') : name;
    const rowId = maker.id(parent, /^\d+$/.test(name) ? path.slice(0, -1) : path);
    if (rowId !== null) return named.name === 'Int' ? rowId : String(rowId);
  }
  if (isEnumType(named)) return named.getValues()[0]?.value;
  if (isInputObjectType(named)) {
    if (depth > 5) return {};
    const out: Record<string, unknown> = {};
    for (const field of Object.values(named.getFields())) {
      if (!maker.wanted(field.name, isNonNullType(field.type) && field.defaultValue === undefined)) continue;
      out[field.name] = gqlValue(field.type, [...path, field.name], maker, strings, depth + 1);
    }
    return out;
  }
  if (isScalarType(named)) {
    if (named.name === 'Int' || named.name === 'Float') return 1;
    if (named.name === 'Boolean') return false;
    if (named.name === 'JSON') return {};
    if (named.name === 'DateTime') return new Date(Date.now() + 86_400_000).toISOString();
    strings.push(path);
    return maker.string(name);
  }
  return null;
}

/** The selection of every scalar of the answer, two levels deep: what a leak would have to pass through. */
function selection(type: GraphQLOutputType, depth = 0): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return isScalarType(named) || isEnumType(named) ? '' : '{ __typename }';
  const parts: string[] = [];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((a: GraphQLArgument) => isNonNullType(a.type) && a.defaultValue === undefined))
      continue;
    const inner = getNamedType(field.type);
    if (isScalarType(inner) || isEnumType(inner)) parts.push(field.name);
    else if (depth < 2) parts.push(`${field.name} ${selection(field.type, depth + 1)}`);
  }
  return `{ __typename ${parts.join(' ')} }`;
}

export function buildGraphqlCall(op: Operation, maker: ValueMaker): GraphqlCall {
  const field = op.field;
  if (!field) throw new UnbuildableCall(`${op.name}: no schema field`);
  const variables: Record<string, unknown> = {};
  const stringFields: string[][] = [];
  const defs: string[] = [];
  const args: string[] = [];
  for (const arg of field.args) {
    if (!maker.wanted(arg.name, isNonNullType(arg.type) && arg.defaultValue === undefined)) continue;
    variables[arg.name] = gqlValue(arg.type, [arg.name], maker, stringFields);
    defs.push(`$${arg.name}: ${String(arg.type)}`);
    args.push(`${arg.name}: $${arg.name}`);
  }
  const query = `${op.operationType}${defs.length ? `(${defs.join(', ')})` : ''} { ${field.name}${
    args.length ? `(${args.join(', ')})` : ''
  } ${selection(field.type)} }`;
  return { query, variables, stringFields };
}
