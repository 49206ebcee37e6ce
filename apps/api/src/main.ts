import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { secretBoxFor } from './common/crypto/secret-box';
import { ConfigError, loadConfig } from './config/app-config';
import { runMigrations } from './database/data-source';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres';
import { drain } from './lifecycle/graceful-shutdown';

async function bootstrap(): Promise<void> {
  const logger = new Logger('Bootstrap');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
    databaseUrl = embedded.url;
  }
  await runMigrations(databaseUrl, secretBoxFor(config));
  const app = await createApp(config, databaseUrl);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received, draining`);
    // Issue 22: stop accepting, send sockets elsewhere, finish requests and jobs (bounded), then close.
    const drained = await drain(app, config.shutdownTimeoutMs, logger).catch((error: unknown) => {
      logger.error(`drain failed: ${String(error)}`);
      return null;
    });
    await app.close().catch(() => undefined);
    if (drained) logger.log(`drained in ${drained.drainMs} ms (${drained.cut} connections cut), exiting`);
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen(config.port, config.host);
  logger.log(
    `Charla CRM listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
