import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, MikroOrmHealthIndicator } from '@nestjs/terminus';

import { Public } from '../auth/access.decorators.js';
import { RateLimit } from '../rate-limit/rate-limit.decorators.js';
import { Readiness } from './readiness.js';

@ApiTags('health')
@Controller('health')
@Public()
// The load balancer polls it: a 429 would take the instance out of service, and counting it
// would cost as much as the check itself (one database ping).
@RateLimit('exempt')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly database: MikroOrmHealthIndicator,
    private readonly readiness: Readiness,
  ) {}

  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Whether the process is up and the database answers (not rate limited)' })
  @ApiOkResponse({ description: 'The process is up and the database answers' })
  @ApiServiceUnavailableResponse({
    description:
      'The database does not answer: besides statusCode and message, the answer carries status "error" and details of each check',
  })
  check() {
    return this.health.check([
      () => this.indicators.check('process').up({ uptimeSeconds: Math.round(process.uptime()) }),
      () => this.database.pingCheck('database').withTimeout(1500),
    ]);
  }

  @Get('ready')
  @HealthCheck()
  @ApiOperation({
    summary: 'Whether this instance takes new requests: as the health check, and 503 from the moment it is told to stop (not rate limited)',
  })
  @ApiOkResponse({ description: 'The instance takes requests and the database answers' })
  @ApiServiceUnavailableResponse({
    description: 'The instance is stopping (it finishes the requests it has), or the database does not answer',
  })
  ready() {
    if (!this.readiness.ready) throw new ServiceUnavailableException('This instance is stopping: send new requests to another one');
    return this.check();
  }
}
