import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentUser } from '../auth/access.decorators.js';
import type { User } from '../users/user.entity.js';
import { ImportJobDto } from './dto/import-job.dto.js';
import { ImportJobsService } from './import-jobs.service.js';

/**
 * A CSV import's progress, at a path of its own: under /api/clients/upload/{jobId} its template
 * could also be read as /api/clients/{id}/… . The old path still answers the same (left out of the
 * contract, kept for callers written before; see docs/api.md, Versioning).
 */
@ApiTags('clients')
@Controller('import-jobs')
@TokenScopes({ read: 'clients:read', write: 'clients:write' })
@BrokerOnly()
export class ImportJobsController {
  constructor(private readonly imports: ImportJobsService) {}

  @Get(':jobId')
  @ApiOperation({
    summary: 'A CSV import’s progress (rows read, imported, rejected, the problems) and, once it has ended, its result',
    description: 'The jobId comes from POST /api/clients/upload.',
  })
  @ApiOkResponse({ type: ImportJobDto })
  @ApiNotFoundResponse({ description: 'No such import for this broker' })
  get(@CurrentUser() user: User, @Param('jobId') jobId: string): Promise<ImportJobDto> {
    return this.imports.get(user, jobId);
  }
}
