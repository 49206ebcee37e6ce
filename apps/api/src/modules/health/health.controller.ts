import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { ApiErrors } from '../../common/openapi/openapi.decorators';
import { ReadinessService } from './readiness.service';

/**
 * Issue 22: the probes of load balancers and orchestrators, outside /api (app.factory excludes them from the
 * prefix), open without a token and never rate-limited. /api/health stays for the callers that already use it.
 */
@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @ApiOperation({ summary: 'Liveness: the process answers (it touches nothing else)' })
  @Header('Cache-Control', 'no-store')
  @Get('health')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @ApiOperation({
    summary:
      'Readiness: the database answers and every migration of this build is applied; 503 naming the check',
  })
  @ApiErrors(503)
  @Header('Cache-Control', 'no-store')
  @Get('ready')
  async ready(): Promise<{ status: 'ok'; checks: Record<string, string> }> {
    const result = await this.readiness.check();
    if (!result.ready)
      throw new AppException('SERVICE_NOT_READY', {
        message: `Not ready: ${Object.entries(result.checks)
          .filter(([, state]) => state !== 'ok')
          .map(([check, state]) => `${check} ${state}`)
          .join(', ')}`,
        details: { checks: result.checks, pendingMigrations: result.pendingMigrations },
      });
    return { status: 'ok', checks: result.checks };
  }

  @ApiOperation({ summary: 'The API and its database answer (kept for existing callers; see /ready)' })
  @Get('api/health')
  async health(): Promise<{ status: 'ok' }> {
    await this.readiness.ping();
    return { status: 'ok' };
  }
}
