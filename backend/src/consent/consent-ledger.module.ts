import { Module } from '@nestjs/common';

import { MessagingModule } from '../messaging/messaging.module.js';
import { ConsentRepository } from './consent.repository.js';
import { ConsentLedger } from './consent-ledger.service.js';

/**
 * The consent ledger on its own, for every module that records consent or asks it before a send
 * (the delivery engine, clients, campaigns' unsubscribe). Pages and requests about consent live in
 * ConsentModule, which may use the delivery engine.
 */
@Module({
  imports: [MessagingModule],
  providers: [ConsentRepository, ConsentLedger],
  exports: [ConsentLedger, ConsentRepository],
})
export class ConsentLedgerModule {}
