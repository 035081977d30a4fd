import { Module } from '@nestjs/common';

import { StorageModule } from '../storage/storage.module.js';
import { BrandingController } from './branding.controller.js';
import { BrandingService } from './branding.service.js';

/** Agency branding and the logo. */
@Module({
  imports: [StorageModule],
  controllers: [BrandingController],
  providers: [BrandingService],
})
export class BrandingModule {}
