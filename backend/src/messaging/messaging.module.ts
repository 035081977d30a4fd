import { Module } from '@nestjs/common';
import { SMS_SENDER } from './messaging.ports.js';
import { OutboxAdapter } from './outbox.adapter.js';

/** Outgoing messages through ports; the development outbox is the adapter while no provider is configured. */
@Module({
  providers: [OutboxAdapter, { provide: SMS_SENDER, useExisting: OutboxAdapter }],
  exports: [SMS_SENDER],
})
export class MessagingModule {}
