import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Registry } from 'prom-client';
import { Public } from '../../common/decorators/auth.decorators';
import { MetricsService } from '../../common/observability/metrics.service';
import { ApiErrors } from '../../common/openapi/openapi.decorators';
import { MetricsAccessGuard } from './metrics-access.guard';

/** Issue 22: Prometheus metrics of this instance, for a scrape MetricsAccessGuard lets through. */
@ApiTags('health')
@Public()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @ApiOperation({
    summary: 'Prometheus metrics of this instance: from loopback, or with METRICS_TOKEN as bearer token',
  })
  @ApiProduces(Registry.PROMETHEUS_CONTENT_TYPE)
  @ApiOkResponse({ description: 'Prometheus text exposition format 0.0.4', schema: { type: 'string' } })
  @ApiErrors(401)
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  @UseGuards(MetricsAccessGuard)
  @Get('metrics')
  scrape(): Promise<string> {
    return this.metrics.exposition();
  }
}
