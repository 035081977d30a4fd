import { Global, Inject, Module, type OnModuleInit } from '@nestjs/common';

import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { PhiAuditRepository } from './phi-audit.repository.js';
import { PhiAuditService } from './phi-audit.service.js';
import { resolvePhiKey, usePhiKeys } from './phi-crypto.js';

/** Health-data protection: the encryption keys (set before anything is read) and the access log. */
@Global()
@Module({ providers: [PhiAuditService, PhiAuditRepository], exports: [PhiAuditService] })
export class PrivacyModule implements OnModuleInit {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    usePhiKeys(await resolvePhiKey(this.config), this.config.phi.oldKeys);
  }
}
