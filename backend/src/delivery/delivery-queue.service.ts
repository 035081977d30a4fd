import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Channel } from '../messaging/outbox-message.entity.js';
import type { CaregiverMessage } from './delivery.entity.js';
import { DeliveryRepository } from './delivery.repository.js';

/** What a delivery is for; it names the module that enqueued it and hears its outcome. */
export type DeliveryKind = 'broker-reminder' | 'client-reminder' | 'campaign' | 'caregiver';

/** One message to send, as a feature module hands it over. */
export interface EnqueueItem {
  kind: DeliveryKind;
  /** The reminder, client reminder or campaign it belongs to. */
  sourceId: string;
  brokerId: string;
  clientId: string;
  channel: Channel;
  recipient: string;
  /** The occurrence it is for (with the source, the key that makes a second delivery impossible). */
  occurrenceAt: Date;
  notBefore: Date;
  /** A caregiver text: which one (its `sourceId` is the caregiver). */
  caregiverMessage?: CaregiverMessage;
  /** Ask the recipient to confirm, and send again while they have not (a client's own reminder). */
  confirm?: ConfirmPolicy;
}

/** How an unconfirmed message is followed up. */
export interface ConfirmPolicy {
  /** Wait this long after each send for the confirmation. */
  withinMinutes: number;
  /** Sends in all, the first included. */
  maxAttempts: number;
  /** The channel retries go to; null for the same one. */
  retryChannel: Channel | null;
}

/**
 * Where a feature module's due work comes from: called by every dispatcher run to turn what is due
 * into delivery rows (through `DeliveryQueue.enqueue`, in the source's own transaction). `brokerId`
 * limits the run to one broker's reminders (Execute Reminders); a source with nothing per broker
 * answers 0 then.
 */
export type DueSource = (now: Date, brokerId?: string) => Promise<number>;

/**
 * The only way into the `deliveries` table: feature modules enqueue messages here and register
 * where their due work comes from. The lane follows from the kind: campaign messages wait in the
 * campaign lane, everything else in the reminder lane, which is always claimed first.
 */
@Injectable()
export class DeliveryQueue {
  private readonly sources = new Map<DeliveryKind, DueSource>();

  constructor(private readonly deliveries: DeliveryRepository) {}

  registerSource(kind: DeliveryKind, source: DueSource): void {
    this.sources.set(kind, source);
  }

  /** Runs every registered source (reminders first, in registration order); answers how many deliveries were queued. */
  async queueDue(now: Date, brokerId?: string): Promise<number> {
    let queued = 0;
    for (const source of this.sources.values()) queued += await source(now, brokerId);
    return queued;
  }

  /**
   * Queues the messages in one statement, inside `em`'s transaction when the caller has one (so the
   * source's own change and the deliveries commit together). An occurrence already queued is left
   * as it is. Answers how many were queued.
   */
  async enqueue(items: EnqueueItem[], em?: EntityManager): Promise<number> {
    if (items.length === 0) return 0;
    return this.deliveries.insertMany(items, em);
  }
}
