import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module.js';
import { ClientsModule } from '../clients/clients.module.js';
import { RateLimitStorageModule } from '../rate-limit/rate-limit.module.js';
import { LeanReads } from './lean-reads.js';

/** The lean read path of the broker app's client list (mounted by app.setup.ts). */
@Module({
  imports: [AuthModule, ClientsModule, RateLimitStorageModule],
  providers: [LeanReads],
  exports: [LeanReads],
})
export class LeanReadsModule {}
