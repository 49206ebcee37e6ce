import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHENTICATED_KEY, PERMISSIONS_KEY, PUBLIC_KEY } from '../src/common/decorators/auth.decorators';
import { gql, login, startTestApp, type TestApp } from './helpers';

const RESOLVER_TYPE_METADATA = 'graphql:resolver_type';
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD'];

/** Every route and resolver open without a token, on purpose. Anything else must need a signed-in user. */
const PUBLIC_HANDLERS = [
  'AuthController.emailVerification',
  'AuthController.getUserByEmail',
  'AuthController.login',
  'AuthController.register',
  'AuthController.resetPassword',
  'AuthController.sendResetPasswordEmail',
  'AuthController.sendTwoFactorCode',
  'AuthController.verify',
  'AuthController.verifyToken',
  // Issue 19: plan prices are shown on /select-plan before and after sign-in.
  'BillingController.pricing',
  'DevOutboxController.outbox',
  // Issue 22: probes and metrics (/metrics checks loopback or METRICS_TOKEN itself).
  'HealthController.health',
  'HealthController.live',
  'HealthController.ready',
  'MetricsController.scrape',
  // Issue 19: the sign-up record before the account exists (keyed by its random id, or limited per address).
  'OnboardingController.get',
  'OnboardingController.set',
  'OnboardingResolver.createOnboardingInProcess',
  'OnboardingResolver.onboardingInProcesses',
  'OnboardingResolver.updateOnboardingInProcess',
  // Provider webhooks authenticate by the provider's signature on the raw body, not by a user token.
  'StripeWebhookController.receive',
  'WebhooksController.receive',
  'WebhooksController.verify',
];

interface Handler {
  id: string;
  kind: 'rest' | 'graphql';
  access: 'public' | 'authenticated' | 'permissions' | 'none';
  httpMethod?: string;
  path?: string;
}

function walkHandlers(t: TestApp): Handler[] {
  const seen = new Set<string>();
  const handlers: Handler[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of [...module.controllers.values(), ...module.providers.values()]) {
      const cls = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
      if (!cls || typeof cls !== 'function' || !cls.prototype || seen.has(cls.name)) continue;
      seen.add(cls.name);
      const controllerPath: string | undefined = Reflect.getMetadata(PATH_METADATA, cls);
      for (const name of Object.getOwnPropertyNames(cls.prototype)) {
        if (name === 'constructor') continue;
        const fn = Object.getOwnPropertyDescriptor(cls.prototype, name)?.value;
        if (typeof fn !== 'function') continue;
        const isRoute =
          controllerPath !== undefined && Reflect.getMetadata(METHOD_METADATA, fn) !== undefined;
        const gqlType = Reflect.getMetadata(RESOLVER_TYPE_METADATA, fn);
        const isGql = ['Query', 'Mutation', 'Subscription'].includes(gqlType);
        if (!isRoute && !isGql) continue;
        const meta = (key: string) => Reflect.getMetadata(key, fn) ?? Reflect.getMetadata(key, cls);
        const perms: string[] | undefined = meta(PERMISSIONS_KEY);
        const access = meta(PUBLIC_KEY)
          ? 'public'
          : perms && perms.length > 0
            ? 'permissions'
            : meta(AUTHENTICATED_KEY)
              ? 'authenticated'
              : 'none';
        const route = isRoute
          ? {
              httpMethod: HTTP_METHODS[Reflect.getMetadata(METHOD_METADATA, fn) as number],
              path: `/api/${[controllerPath, Reflect.getMetadata(PATH_METADATA, fn)].filter((p) => p && p !== '/').join('/')}`,
            }
          : {};
        handlers.push({ id: `${cls.name}.${name}`, kind: isRoute ? 'rest' : 'graphql', access, ...route });
      }
    }
  }
  return handlers;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('declared permissions', () => {
  it('finds no route or resolver without a declared permission, and exactly the listed public ones', () => {
    const handlers = walkHandlers(t);
    expect(handlers.length).toBeGreaterThan(15);
    expect(handlers.filter((h) => h.access === 'none').map((h) => h.id)).toEqual([]);
    expect(
      handlers
        .filter((h) => h.access === 'public')
        .map((h) => h.id)
        .sort(),
    ).toEqual(PUBLIC_HANDLERS);
  });

  it('walks every GraphQL field of Query and Mutation (nothing escapes the walk)', async () => {
    const handlers = walkHandlers(t).filter((h) => h.kind === 'graphql');
    const schema = await t.http
      .post('/graphql')
      .send({ query: '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }' });
    const fields = [
      ...schema.body.data.__schema.queryType.fields,
      ...(schema.body.data.__schema.mutationType?.fields ?? []),
    ].map((f: { name: string }) => f.name);
    expect(handlers.length).toBe(fields.length);
  });

  it('answers every non-public REST route with 401 UNAUTHORIZED when called without a token', async () => {
    const rest = walkHandlers(t).filter((h) => h.kind === 'rest' && h.access !== 'public');
    expect(rest.length).toBeGreaterThan(0);
    for (const h of rest) {
      const method = (h.httpMethod ?? 'GET').toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      const res = await t.http[method]((h.path ?? '').replace(/:(\w+)/g, '1')).send({});
      expect(res.status, `${h.httpMethod} ${h.path}`).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('permissions are enforced by the server', () => {
  it('refuses with 403 a REST route and a GraphQL field the role lacks', async () => {
    const agent = await login(t, 'agente@demo.local');
    const rest = await t.http.get('/api/getSpaceGroup').set('Authorization', `Bearer ${agent}`);
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({
      code: 'FORBIDDEN',
      userMessage: 'No tienes permiso para realizar esta acción.',
    });
    const field = await gql(t, agent, '{ spaces { id } }');
    expect(field.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const admin = await login(t, 'admin@demo.local');
    const ok = await t.http.get('/api/getSpaceGroup').set('Authorization', `Bearer ${admin}`);
    expect(ok.status).toBe(200);
    expect(ok.body[0]).toMatchObject({ name: 'General', isDefault: true });
  });

  it('answers GraphQL without a token with INVALID_TOKEN', async () => {
    const res = await gql(t, null, '{ me { id } }');
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(res.data).toBeNull();
  });
});

describe('tenancy', () => {
  it('refuses a user of "Otra" every "Demo" resource asked for by id', async () => {
    const demo = await login(t, 'admin@demo.local');
    const demoMe = await gql<{ me: { id: number; spaces: Array<{ id: number }> } }>(
      t,
      demo,
      '{ me { id spaces { id } } }',
    );
    const demoSpaceId = demoMe.data?.me.spaces[0].id;
    const demoUserId = demoMe.data?.me.id;

    const otra = await login(t, 'admin@otra.local');
    const space = await gql(t, otra, 'query($id: Int!) { space(id: $id) { id name } }', { id: demoSpaceId });
    expect(space.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(space.data).toBeNull();
    const user = await gql(t, otra, 'query($id: Int!) { user(id: $id) { id email } }', { id: demoUserId });
    expect(user.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const select = await gql(
      t,
      otra,
      'mutation($id: Int!) { selectSpace(spaceId: $id) { selectedSpaceId } }',
      { id: demoSpaceId },
    );
    expect(select.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const list = await t.http.get('/api/getSpaceGroup').set('Authorization', `Bearer ${otra}`);
    expect(list.body.map((s: { id: number }) => s.id)).not.toContain(demoSpaceId);

    // Their own resources work.
    const own = await gql<{ me: { spaces: Array<{ id: number }> } }>(t, otra, '{ me { spaces { id } } }');
    const ownSpace = own.data?.me.spaces[0].id;
    const ok = await gql<{ selectSpace: { selectedSpaceId: number } }>(
      t,
      otra,
      'mutation($id: Int!) { selectSpace(spaceId: $id) { selectedSpaceId } }',
      { id: ownSpace },
    );
    expect(ok.data?.selectSpace.selectedSpaceId).toBe(ownSpace);
  });

  it('answers an unknown id with a clear error and bad arguments with a validation error', async () => {
    const admin = await login(t, 'admin@demo.local');
    const missing = await gql(t, admin, '{ space(id: 999999) { id } }');
    expect(missing.errors?.[0].extensions.code).toBe('NOT_FOUND_SPACE');
    const bad = await gql(t, admin, '{ space(id: "x") { id } }');
    expect(bad.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(bad.errors?.[0].extensions.userMessage).toBeTruthy();
  });
});

describe('web client', () => {
  it('serves the built client with history fallback and keeps API 404s as JSON', async () => {
    const page = await t.http.get('/chat/123').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    const api = await t.http.get('/api/does-not-exist');
    expect(api.status).toBe(404);
    expect(api.body.code).toBe('NOT_FOUND');
  });
});
