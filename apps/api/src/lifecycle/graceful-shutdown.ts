import type { Server } from 'node:http';
import type { INestApplication, LoggerService } from '@nestjs/common';
import { JobQueueService } from '../jobs/job-queue.service';
import { RealtimeService } from '../realtime/realtime.service';

export interface DrainResult {
  /** From the signal to the last request answered and the last job finished. */
  drainMs: number;
  /** Connections still busy at the deadline, cut. */
  cut: number;
}

// How often idle keep-alive connections are closed while draining: one that finished its request since the last
// pass would otherwise hold the server open until its keep-alive timeout.
const IDLE_SWEEP_MS = 50;

/**
 * Issue 22, a SIGTERM drains the instance before it exits (a rolling restart behind a load balancer):
 * 1. the server stops accepting connections (the balancer's next connect goes to another instance);
 * 2. this instance's sockets are closed by the server, which the web client takes as 'reconnect and reload'
 *    (apps/web/src/lib/socket.ts): it connects again through the balancer and reads its lists again;
 * 3. requests in flight are answered, idle keep-alive connections closed, and Graphile Worker stops taking jobs and
 *    lets the running ones finish (its graceful stop releases the jobs it had fetched but not started), all
 *    bounded by `timeoutMs`, after which the remaining connections are cut;
 * 4. the caller then closes the application (the real-time bus says goodbye, the database pool closes).
 */
export async function drain(
  app: INestApplication,
  timeoutMs: number,
  logger: LoggerService,
): Promise<DrainResult> {
  const started = Date.now();
  const server = app.getHttpServer() as Server;
  const closed = new Promise<void>((done) => {
    server.close(() => done());
  });
  app.get(RealtimeService).disconnectLocalSockets();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((done) => {
    timer = setTimeout(() => done('timeout'), timeoutMs);
  });
  const jobs = app
    .get(JobQueueService)
    .stop()
    .catch((error: unknown) => logger.warn?.(`job worker stop: ${String(error)}`));
  let cut = 0;
  if ((await Promise.race([Promise.all([closed, jobs]), deadline])) === 'timeout') {
    cut = await countConnections(server);
    server.closeAllConnections();
    logger.warn?.(`drain deadline of ${timeoutMs} ms reached: ${cut} connections cut`);
  }
  clearInterval(sweep);
  clearTimeout(timer);
  return { drainMs: Date.now() - started, cut };
}

function countConnections(server: Server): Promise<number> {
  return new Promise((done) => server.getConnections((_error, count) => done(count)));
}
