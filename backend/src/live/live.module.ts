import { Global, Module } from '@nestjs/common';

import { LiveController } from './live.controller.js';
import { LiveRepository } from './live.repository.js';
import { LiveService } from './live.service.js';

/** Live updates for the broker app (server-sent events over PostgreSQL's LISTEN/NOTIFY): any module publishes through `LiveService`. */
@Global()
@Module({
  controllers: [LiveController],
  providers: [LiveRepository, LiveService],
  exports: [LiveService],
})
export class LiveModule {}
