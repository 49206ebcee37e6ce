import { HttpStatus, type INestApplication, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { printSchema } from 'graphql';
import { BEARER_SCHEME, ErrorBody } from './common/openapi/openapi.decorators';
import type { AppConfig } from './config/app-config';

/** Swagger UI; the OpenAPI JSON and the GraphQL SDL sit under it (docs/api.md). */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = `${API_DOCS_PATH}/openapi.json`;
export const GRAPHQL_SDL_PATH = `${API_DOCS_PATH}/schema.graphql`;

/**
 * One switch for everything that publishes the API's schema: GraphQL introspection, GraphiQL and /api/docs.
 * The route shapes hold no data, but production keeps introspection off, and the SDL at /api/docs would give it
 * back; so the docs are served wherever introspection is, i.e. outside production.
 */
export function publishesApiSchema(config: AppConfig): boolean {
  return config.nodeEnv !== 'production';
}

/**
 * The REST reference generated from the controllers and DTOs (@nestjs/swagger decorators) and the GraphQL SDL of
 * the running schema. Mounted on Express before `app.init()`, so ahead of Nest's 404 handler; Nest's guards do not
 * run on these routes (they are public by nature, like the web client's files).
 */
export function setupApiDocs(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Charla CRM API')
    .setDescription(
      [
        'REST side of the API: `/api/...` calls of the web client, file routes and provider webhooks under `/webhooks`.',
        `The GraphQL schema (\`/graphql\`) is at [${GRAPHQL_SDL_PATH}](${GRAPHQL_SDL_PATH}).`,
        'Rules that are not route shapes (error codes, access, uploads, limits) are in docs/api.md.',
        'Every JSON error answer has the `ErrorBody` schema.',
      ].join('\n\n'),
    )
    .setVersion('0.1.0')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'The `token` of POST /api/loginDash',
      },
      BEARER_SCHEME,
    )
    .build();
  // Built on the first request: the app's start (and every test's) does not pay for it.
  const document = () =>
    completeDocument(app, SwaggerModule.createDocument(app, config, { extraModels: [ErrorBody] }));
  SwaggerModule.setup(API_DOCS_PATH, app, document, {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Charla CRM API',
    // Swagger UI would send the document's URL to validator.swagger.io for a badge.
    swaggerOptions: { validatorUrl: null, persistAuthorization: false },
  });
  let sdl: string | undefined;
  app.getHttpAdapter().get(GRAPHQL_SDL_PATH, (_req: Request, res: Response) => {
    // The schema exists once GraphQLModule has initialised, i.e. by the time the server answers anything.
    sdl ??= printSchema(app.get(GraphQLSchemaHost).schema);
    res.type('text/plain; charset=utf-8').send(sdl);
  });
}

/** Nest's success status of every handler, by the operationId @nestjs/swagger gives it (`Controller_method`). */
function successStatuses(app: INestApplication): Map<string, number> {
  const statuses = new Map<string, number>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as { name: string; prototype?: object } | null;
      const prototype = controller?.prototype;
      if (!controller || !prototype) continue;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = Object.getOwnPropertyDescriptor(prototype, name)?.value;
        if (typeof handler !== 'function') continue;
        const method: RequestMethod | undefined = Reflect.getMetadata(METHOD_METADATA, handler);
        if (method === undefined) continue;
        const status: number | undefined = Reflect.getMetadata(HTTP_CODE_METADATA, handler);
        statuses.set(
          `${controller.name}_${name}`,
          status ?? (method === RequestMethod.POST ? HttpStatus.CREATED : HttpStatus.OK),
        );
      }
    }
  }
  return statuses;
}

/**
 * What the decorators leave out: @nestjs/swagger drops a route's success answer once it has any @ApiResponse
 * (the errors), so it is put back with Nest's status; and a handler mounted on two paths (webhooks) declares the
 * path parameters of both, so each path keeps its own.
 */
function completeDocument(app: INestApplication, document: OpenAPIObject): OpenAPIObject {
  const statuses = successStatuses(app);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation) continue;
      operation.parameters = operation.parameters?.filter(
        (p) => !('in' in p) || p.in !== 'path' || path.includes(`{${p.name}}`),
      );
      const responses = operation.responses ?? {};
      if (!Object.keys(responses).some((status) => status.startsWith('2'))) {
        const status = statuses.get((operation.operationId ?? '').replace(/\[\d+\]$/, '')) ?? HttpStatus.OK;
        responses[status] = { description: 'Success' };
        operation.responses = responses;
      }
    }
  }
  return document;
}
