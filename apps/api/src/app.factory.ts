import 'reflect-metadata';
import { join } from 'node:path';
import { INPUT_MESSAGES } from '@crm/shared';
import { type INestApplication, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Logger } from 'nestjs-pino';
import { publishesApiSchema, setupApiDocs } from './api-docs';
import { AppModule } from './app.module';
import { toErrorBody } from './common/errors/all-exceptions.filter';
import { AppException } from './common/errors/app.exception';
import { declaredLengthGuard, JSON_BODY_LIMIT, WEBHOOK_BODY_LIMIT } from './common/http/body-limits';
import { compressAnswers, webClientFiles } from './common/http/delivery';
import { securityHeaders } from './common/http/security-headers';
import { phonePrivacyMiddleware } from './common/privacy/phone-privacy.middleware';
import type { AppConfig } from './config/app-config';
import { DemoSeedService } from './demo/demo-seed.service';
import { UPLOADS_PATH } from './providers/storage/file-storage.service';
import { servedTypeOfName, setServedFileHeaders } from './providers/storage/served-file';

// Issue 22: the probes and the metrics live outside /api, where load balancers and Prometheus look for them.
export const OPERATIONS_PATHS = ['health', 'ready', 'metrics'];
const API_PREFIXES = [
  '/api',
  '/graphql',
  '/socket.io',
  '/webhooks',
  '/uploads',
  ...OPERATIONS_PATHS.map((p) => `/${p}`),
];

function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Builds the whole application (REST, GraphQL, socket.io, web client) without listening. */
export async function createApp(config: AppConfig, databaseUrl: string): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, databaseUrl), {
    bodyParser: false,
    // Nest's own lines wait for pino (JSON lines, LOG_LEVEL) instead of going out in Nest's format.
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // API answers are per-user and mostly POSTs: hashing every body for an ETag nobody revalidates is wasted work.
  app.set('etag', false);
  app.use(securityHeaders(config));
  // Before every route, so that JSON answers of 1 KB and more leave compressed (common/http/delivery.ts).
  app.use(compressAnswers());
  app.use('/api', phonePrivacyMiddleware);
  app.use(declaredLengthGuard);
  // Webhooks keep their exact bytes: signatures are checked on them before anything is parsed.
  app.use('/webhooks', express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }));
  app.use(
    express.json({
      limit: JSON_BODY_LIMIT,
      verify: (req: Request, _res, buf) => {
        req.rawBody = buf;
      },
    }),
  );
  app.use(express.urlencoded({ extended: false, limit: JSON_BODY_LIMIT }));
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!error) return next();
    const type = (error as { type?: string }).type;
    const exception =
      type === 'entity.too.large'
        ? new AppException('PAYLOAD_TOO_LARGE', { field: 'body', message: 'Body too large' })
        : AppException.validation('body', INPUT_MESSAGES.bodyNotJson);
    const { status, body } = toErrorBody(exception);
    res.status(status).json(body);
  });
  app.setGlobalPrefix('api', {
    exclude: [
      'graphql',
      { path: 'webhooks/{*path}', method: RequestMethod.ALL },
      // /api/health is declared with its prefix: 'health' alone now names the liveness probe.
      ...[...OPERATIONS_PATHS, 'api/health'].map((path) => ({ path, method: RequestMethod.GET })),
    ],
  });
  // Uploaded media: public by unguessable key, because providers download it without credentials. Served inert:
  // the type is the one its stored name was given from its bytes, documents are attachments, and nothing runs.
  app.use(
    UPLOADS_PATH,
    express.static(join(config.dataDir, 'uploads'), {
      index: false,
      fallthrough: false,
      maxAge: '7d',
      dotfiles: 'deny',
      setHeaders: (res: Response, path: string) => {
        const type = servedTypeOfName(path);
        setServedFileHeaders(res, { mimeType: type.mimeType, inline: type.inline });
      },
    }),
  );
  // Before init: Express routes added after it would sit behind Nest's 404 handler.
  if (publishesApiSchema(config)) setupApiDocs(app);
  serveWebClient(app, config.webDistDir);
  await app.init();
  if (config.demoData) await app.get(DemoSeedService).seedIfEmpty();
  return app;
}

/** The built web client at / (precompressed files, cached by hash) with history fallback to index.html. */
function serveWebClient(app: NestExpressApplication, webDistDir: string): void {
  for (const handler of webClientFiles(webDistDir, isApiPath)) app.use(handler);
}
