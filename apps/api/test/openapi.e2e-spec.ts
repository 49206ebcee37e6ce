import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH, GRAPHQL_SDL_PATH, OPENAPI_JSON_PATH } from '../src/api-docs';
import { PUBLIC_KEY } from '../src/common/decorators/auth.decorators';
import { startTestApp, type TestApp } from './helpers';

// Issue 15 §5: the REST reference is generated from the controllers, so it cannot fall behind them.

interface Operation {
  operationId: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.http.get(OPENAPI_JSON_PATH);
  expect(res.status).toBe(200);
  doc = res.body as OpenApiDocument;
});
afterAll(async () => {
  await t.close();
});

/** Every route Express has mounted (Nest's controllers included), as `METHOD /path/{param}`; docs routes aside. */
function mountedRoutes(): string[] {
  const express = t.app.getHttpAdapter().getInstance() as Express & {
    router: { stack: Array<{ route?: { path: string | string[]; methods: Record<string, boolean> } }> };
  };
  const routes = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    const methods = Object.keys(layer.route.methods).filter((m) => layer.route?.methods[m]);
    // Every method on one path is Nest's 404 for the paths excluded from the /api prefix; no controller uses @All.
    if (methods.length > 10) continue;
    for (const path of paths) {
      if (path === API_DOCS_PATH || path.startsWith(`${API_DOCS_PATH}/`)) continue;
      for (const method of methods) routes.add(`${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return [...routes].sort();
}

function documentedRoutes(): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/** operationId (`Controller_method`, as @nestjs/swagger names them) of every @Public() handler. */
function publicOperationIds(): Set<string> {
  const ids = new Set<string>();
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const cls = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
      if (!cls?.prototype) continue;
      for (const name of Object.getOwnPropertyNames(cls.prototype)) {
        const fn = Object.getOwnPropertyDescriptor(cls.prototype, name)?.value;
        if (typeof fn !== 'function' || Reflect.getMetadata(METHOD_METADATA, fn) === undefined) continue;
        if (Reflect.getMetadata(PATH_METADATA, fn) === undefined) continue;
        if (Reflect.getMetadata(PUBLIC_KEY, fn) ?? Reflect.getMetadata(PUBLIC_KEY, cls))
          ids.add(`${cls.name}_${name}`);
      }
    }
  }
  return ids;
}

function operations(): Array<{ route: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
  );
}

function operation(method: string, path: string): Operation {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return op;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3 and describes exactly the REST routes the app has mounted', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const mounted = mountedRoutes();
    expect(mounted.length).toBeGreaterThan(40);
    // A route added without being in the document (or a documented one that is gone) fails here.
    expect(documentedRoutes()).toEqual(mounted);
  });

  it('gives every operation a tag and a summary, and the bearer token and 401 to every non-public one', () => {
    const open = publicOperationIds();
    expect(open.size).toBeGreaterThan(5);
    for (const { route, op } of operations()) {
      expect(op.summary, route).toBeTruthy();
      expect(op.tags?.length, route).toBeGreaterThan(0);
      const isPublic = [...open].some((id) => op.operationId === id || op.operationId.startsWith(`${id}[`));
      if (isPublic) {
        expect(op.security, route).toBeUndefined();
      } else {
        expect(op.security, route).toEqual([{ bearer: [] }]);
        expect(op.responses['401'], route).toBeDefined();
      }
    }
  });

  it('declares exactly the path parameters of each path, and a success answer of every operation', () => {
    for (const { route, op } of operations()) {
      const inTemplate = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared.sort(), route).toEqual(inTemplate);
      expect(Object.keys(op.responses).filter((status) => status.startsWith('2')).length, route).toBe(1);
    }
    expect(Object.keys(operation('post', '/api/loginDash').responses)).toContain('200');
    expect(Object.keys(operation('post', '/api/user').responses)).toContain('201');
  });

  it('describes every JSON error answer with the one ErrorBody schema', () => {
    const schema = doc.components.schemas.ErrorBody;
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual([
      'code',
      'details',
      'field',
      'fields',
      'message',
      'userMessage',
    ]);
    expect(schema.required?.sort()).toEqual(['code', 'message', 'userMessage']);
    for (const { route, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        // Meta's subscription check is the one plain-text refusal (it echoes text, as Meta expects).
        if (Number(status) < 400 || route === 'GET /webhooks/{provider}') continue;
        expect(response.content?.['application/json']?.schema.$ref, `${route} ${status}`).toBe(
          '#/components/schemas/ErrorBody',
        );
      }
    }
  });

  it('documents the sign-in body and its 400', () => {
    const op = operation('post', '/api/loginDash');
    expect(op.requestBody?.content['application/json']?.schema.$ref).toBe('#/components/schemas/LoginInput');
    const login = doc.components.schemas.LoginInput;
    expect(Object.keys(login.properties ?? {})).toEqual(expect.arrayContaining(['email', 'password', 'otp']));
    expect(login.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(op.responses['400']).toBeDefined();
    expect(op.security).toBeUndefined();
  });

  it('documents the contacts import as multipart with its file, fields, 400 and 413', () => {
    const op = operation('post', '/api/importContacts');
    const multipart = op.requestBody?.content['multipart/form-data']?.schema as {
      allOf: Array<{ $ref?: string; properties?: Record<string, { format?: string }> }>;
    };
    expect(multipart.allOf[0].$ref).toBe('#/components/schemas/ImportContactsInput');
    expect(multipart.allOf[1].properties?.file?.format).toBe('binary');
    expect(doc.components.schemas.ImportContactsInput.required).toEqual(['channelId']);
    for (const status of ['400', '401', '403', '413']) expect(op.responses[status], status).toBeDefined();
  });

  it('documents the provider webhooks with their path parameter', () => {
    const op = operation('post', '/webhooks/{provider}');
    expect(op.parameters?.map((p) => `${p.in}:${p.name}`)).toContain('path:provider');
    expect(op.responses['401']).toBeDefined();
    expect(operation('get', '/webhooks/{provider}').security).toBeUndefined();
  });
});

describe('the docs routes', () => {
  it('serves Swagger UI as HTML without a token', async () => {
    const res = await t.http.get(API_DOCS_PATH);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('swagger-ui');
    const init = await t.http.get(`${API_DOCS_PATH}/swagger-ui-init.js`);
    expect(init.status).toBe(200);
    expect(init.text).toContain('/api/loginDash');
    const bundle = await t.http.get(`${API_DOCS_PATH}/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
  });

  it("publishes the running app's GraphQL schema as SDL", async () => {
    const res = await t.http.get(GRAPHQL_SDL_PATH);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('type Query');
    expect(res.text).toContain('type Mutation');
    expect(res.text).toMatch(/\n {2}me: /);
  });

  it('keeps the strict CSP of every other page on the docs page', async () => {
    const res = await t.http.get(API_DOCS_PATH);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('in production', () => {
  it('serves no docs, as GraphQL introspection is off there', async () => {
    const prod = await startTestApp({
      NODE_ENV: 'production',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify-token',
      MESSENGER_APP_ID: '1234',
      MESSENGER_APP_SECRET: 'messenger-secret',
      MESSENGER_VERIFY_TOKEN: 'messenger-verify',
      DIALOG360_WEBHOOK_TOKEN: 'dialog-token',
      JOBS_ENABLED: 'false',
    });
    try {
      for (const path of [API_DOCS_PATH, OPENAPI_JSON_PATH, GRAPHQL_SDL_PATH]) {
        const res = await prod.http.get(path);
        expect(res.status, path).toBe(404);
        expect(res.body.code, path).toBe('NOT_FOUND');
      }
    } finally {
      await prod.close();
    }
  });
});
