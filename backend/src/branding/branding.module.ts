import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { BrandingController } from './branding.controller.js';
import { BrandingService } from './branding.service.js';

/** Agency branding, the logo, and the agency's public face on its branded sign-in pages. */
@Module({
  imports: [StorageModule, AgencyLogModule],
  controllers: [BrandingController],
  providers: [BrandingService],
  exports: [BrandingService],
})
export class BrandingModule {}
