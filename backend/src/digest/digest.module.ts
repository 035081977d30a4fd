import { Module } from '@nestjs/common';

import { InboxModule } from '../inbox/inbox.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { ReportingModule } from '../reporting/reporting.module.js';
import { DigestRepository } from './digest.repository.js';
import { DigestService } from './digest.service.js';

/** The brokers' weekly digest e-mail (Settings turns it off). */
@Module({
  imports: [MessagingModule, ReportingModule, InboxModule],
  providers: [DigestRepository, DigestService],
  exports: [DigestService],
})
export class DigestModule {}
