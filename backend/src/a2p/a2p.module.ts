import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { A2pController } from './a2p.controller.js';
import { A2pService } from './a2p.service.js';

/**
 * A2P 10DLC: each agency registered as its own brand and campaign through Twilio's ISV API, its own
 * messaging service and number; its texts held until approved (the dispatcher asks `A2pReads`, which
 * the messaging module provides, as it does the inbound texts' `agencyForNumber`).
 */
@Module({
  imports: [DeliveryModule, MessagingModule, AgencyLogModule],
  controllers: [A2pController],
  providers: [A2pService],
  exports: [A2pService],
})
export class A2pModule {}
