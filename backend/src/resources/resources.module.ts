import { Module } from '@nestjs/common';

import { AuditModule } from '../audit/audit.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { AdminResourcesController, ResourcesController } from './resources.controller.js';
import { ResourcesService } from './resources.service.js';

/** The resource library: admin management, broker browsing and downloads, public links. */
@Module({
  imports: [StorageModule, AuditModule],
  controllers: [AdminResourcesController, ResourcesController],
  providers: [ResourcesService],
})
export class ResourcesModule {}
