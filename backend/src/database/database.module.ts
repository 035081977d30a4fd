import { Module } from '@nestjs/common';

import { BulkCopyService } from './bulk-copy.service.js';
import { DatabaseBootstrapService } from './database-bootstrap.service.js';

@Module({
  providers: [DatabaseBootstrapService, BulkCopyService],
  exports: [DatabaseBootstrapService, BulkCopyService],
})
export class DatabaseModule {}
