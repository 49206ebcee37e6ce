import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators/auth.decorators';
import { HealthRepository } from './health.repository';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly database: HealthRepository) {}

  @ApiOperation({ summary: 'Liveness: the API answers and its database too' })
  @Public()
  @Get()
  async health() {
    await this.database.ping();
    return { status: 'ok' };
  }
}
