import { Injectable } from '@nestjs/common';

import { sendCostCents } from '../billing/pricing.js';
import { Clock } from '../common/clock.js';
import type { Channel } from '../messaging/outbox-message.entity.js';
import { DeliveryRepository, type DeliveryState, type OutcomeMove, type OutcomeRow } from './delivery.repository.js';
import type { DeliveryKind } from './delivery-queue.service.js';

const FINAL = new Set(['completed', 'failed', 'skipped']);

/** What a feature module hears once a delivery of its kind is final. */
export type FinalOutcome = 'completed' | 'failed';
export interface SourceOutcome {
  sourceId: string;
  outcome: FinalOutcome;
  clientId: string;
  /** The occurrence the delivery was for. */
  occurrenceAt: Date;
  /** The recipient confirmed it (pressed 1, replied 1 or YES). */
  confirmed: boolean;
  /** Not sent at all (opt-out, inactive client): counted as failed. */
  skipped: boolean;
}
/** Told a batch of final outcomes at once; must change only what is still pending (it may hear one twice). */
export type OutcomeHandler = (outcomes: SourceOutcome[]) => Promise<void>;

/** The outcomes, each as one statement for any number of deliveries (`d` the delivery, `v` its values). */
const SENT: OutcomeMove = {
  columns: ['final_status text', 'provider_id text', 'cost integer', 'sent_at timestamptz'],
  set: `status = case when d.confirm_within_minutes is null then v.final_status else 'sent' end, provider_id = v.provider_id,
        cost_cents = d.cost_cents + v.cost, error = null,
        confirm_by = case when d.confirm_within_minutes is not null then v.sent_at + make_interval(mins => d.confirm_within_minutes) end`,
};
const FAILED: OutcomeMove = { columns: ['error text'], set: `status = 'failed', error = v.error, confirm_by = null` };
const SKIPPED: OutcomeMove = { columns: ['error text'], set: `status = 'skipped', error = v.error` };
const NOT_SENT_AGAIN: OutcomeMove = {
  columns: ['error text'],
  set: `status = 'completed', error = v.error, confirm_by = null, attempts = greatest(d.attempts - 1, 0)`,
};
const COMPLETED: OutcomeMove = {
  columns: [],
  set: `status = case when d.confirm_within_minutes is null or d.confirmed_at is not null then 'completed' else d.status end`,
};

type Write = (moves: [OutcomeMove, OutcomeRow[]][]) => Promise<DeliveryState[]>;

/**
 * The outcomes of one dispatcher batch. Its concurrent sends write their outcomes together: a send
 * that finishes while others' outcomes are being written waits for that write and then goes out
 * with everything that finished meanwhile, in one transaction — one commit (one wait for the disk)
 * for many sends rather than one each. Each send still goes on only once its outcome is written,
 * so a stopped process leaves no more sends without an outcome than before. Final outcomes reach
 * the modules they belong to together, after the batch (`report`).
 */
export class OutcomeBatch {
  readonly states: DeliveryState[] = [];
  private waiting: { outcome: OutcomeMove; row: OutcomeRow; settle: (error?: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly write: Write) {}

  /** Resolves once the outcome is written (or rejects with the write's error). */
  record(outcome: OutcomeMove, row: OutcomeRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ outcome, row, settle: (error) => (error === undefined ? resolve() : reject(error as Error)) });
      if (!this.writing) void this.writeWaiting();
    });
  }

  private async writeWaiting(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const taken = this.waiting;
      this.waiting = [];
      const byOutcome = new Map<OutcomeMove, OutcomeRow[]>();
      for (const { outcome, row } of taken) byOutcome.set(outcome, [...(byOutcome.get(outcome) ?? []), row]);
      try {
        const states = await this.write([...byOutcome]);
        this.states.push(...states.filter((state) => FINAL.has(state.status)));
        for (const { settle } of taken) settle();
      } catch (error) {
        for (const { settle } of taken) settle(error ?? new Error('The outcomes were not written'));
      }
    }
    this.writing = false;
  }
}

function kindOf(state: DeliveryState): { kind: DeliveryKind; sourceId: string } | undefined {
  if (state.reminder_id) return { kind: 'broker-reminder', sourceId: state.reminder_id };
  if (state.client_reminder_id) return { kind: 'client-reminder', sourceId: state.client_reminder_id };
  if (state.campaign_id) return { kind: 'campaign', sourceId: state.campaign_id };
  if (state.caregiver_id) return { kind: 'caregiver', sourceId: state.caregiver_id };
  return undefined;
}

/**
 * Moves deliveries forward — never back — and tells the module a delivery belongs to once it is
 * final, through the handler that module registered (`onOutcome`): the reminders module marks a
 * broker reminder completed or failed, the client portal a one-time client reminder. The dispatcher
 * reports a batch's outcomes together; a webhook's at once. An outcome a stopped process recorded
 * but never reported is found by its owner, which asks `DeliveryReads.finalOutcomes` about what it
 * still has pending (each source does so on every run), so none is lost between the two steps.
 */
@Injectable()
export class DeliveryOutcomesService {
  private readonly handlers = new Map<DeliveryKind, OutcomeHandler>();

  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly clock: Clock,
  ) {}

  onOutcome(kind: DeliveryKind, handler: OutcomeHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * The provider took it: `completed` when nothing more will be heard (outbox, SMTP), else `sent`.
   * A message that asks for a confirmation stays `sent` until it is confirmed or its wait (from the
   * Clock's time) is over. Each send adds its cost (a retry is a second call or text).
   */
  async sent(id: string, providerId: string, final: boolean, channel: Channel, batch?: OutcomeBatch): Promise<void> {
    const row = {
      id,
      final_status: final ? 'completed' : 'sent',
      provider_id: providerId,
      cost: sendCostCents(channel),
      sent_at: this.clock.now().toISOString(),
    };
    await this.move(SENT, row, batch);
  }

  async failed(id: string, error: string, batch?: OutcomeBatch): Promise<void> {
    await this.move(FAILED, { id, error: error.slice(0, 500) }, batch);
  }

  async skipped(id: string, reason: string, batch?: OutcomeBatch): Promise<void> {
    await this.move(SKIPPED, { id, error: reason }, batch);
  }

  /**
   * A call that was busy or unanswered (or a provider that did not answer in time) is tried again
   * after the delivery's wait (10 minutes unless its reminder says otherwise) while attempts remain;
   * after that it has failed.
   */
  async retryLater(id: string, reason: string, now = this.clock.now(), batch?: OutcomeBatch): Promise<'retrying' | 'failed'> {
    if (await this.deliveries.requeueForRetry(id, reason, now)) return 'retrying';
    await this.failed(id, reason, batch);
    return 'failed';
  }

  /** Not now (quiet hours, the send rate, shutdown): back to the queue until `when`, without counting an attempt. */
  async deferUntil(id: string, when: Date): Promise<void> {
    await this.deliveries.deferUntil(id, when);
  }

  /** Held with its reason until released (an agency's texts before its carrier registration is approved). */
  async hold(id: string, reason: string, until: Date): Promise<void> {
    await this.deliveries.hold(id, reason, until);
  }

  /**
   * The agency's held texts go back to the queue now (its carrier registration was approved); a held
   * reminder whose time is before `staleBefore` is skipped instead, with `staleReason`.
   */
  async releaseHeld(
    brokerId: string,
    heldReason: string,
    staleBefore: Date,
    staleReason: string,
  ): Promise<{ released: number; skipped: number }> {
    const { released, stale } = await this.deliveries.releaseHeld(brokerId, heldReason, this.clock.now(), staleBefore);
    for (const id of stale) await this.skipped(id, staleReason);
    return { released, skipped: stale.length };
  }

  /** A retry that may not go now (quiet hours): not sent again, ended without a confirmation. */
  async notSentAgain(id: string, reason: string, batch?: OutcomeBatch): Promise<void> {
    await this.move(NOT_SENT_AGAIN, { id, error: reason }, batch);
  }

  /** The provider reports the call or text complete; one that waits for a confirmation keeps waiting. */
  async completed(id: string): Promise<void> {
    await this.move(COMPLETED, { id });
  }

  /** The recipient confirmed (pressed 1, replied 1 or YES), at the Clock's time. */
  async confirmed(id: string): Promise<void> {
    const state = await this.deliveries.confirm(id, this.clock.now());
    if (state && FINAL.has(state.status)) await this.tell([state]);
  }

  /** A reply of 1 or YES from this number: confirms the latest message to it still waiting; false when none is. */
  async confirmedByReply(from: string): Promise<boolean> {
    const id = await this.deliveries.latestAwaitingConfirmation(from);
    if (!id) return false;
    await this.confirmed(id);
    return true;
  }

  /** Who answered a call, as the provider's machine detection told. */
  async answeredBy(id: string, answeredBy: string): Promise<void> {
    await this.deliveries.setAnsweredBy(id, answeredBy);
  }

  /**
   * Messages whose wait for a confirmation is over: sent again while attempts remain, else ended
   * (their owners are told). Each dispatcher run does this first.
   */
  async followUpUnconfirmed(now: Date): Promise<{ again: number; ended: number }> {
    const states = await this.deliveries.followUpUnconfirmed(now);
    const ended = states.filter((state) => FINAL.has(state.status));
    await this.tell(ended);
    return { again: states.length - ended.length, ended: ended.length };
  }

  /** Tells the owners of a dispatcher batch's final deliveries their outcomes. */
  async report(batch: OutcomeBatch): Promise<void> {
    await this.tell(batch.states);
  }

  /** A new batch for the dispatcher: its sends' outcomes are written together (see OutcomeBatch). */
  batch(): OutcomeBatch {
    return new OutcomeBatch((moves) => this.deliveries.moveTogether(moves));
  }

  private async move(outcome: OutcomeMove, row: OutcomeRow, batch?: OutcomeBatch): Promise<void> {
    if (batch) return batch.record(outcome, row);
    const states = await this.deliveries.move(outcome, [row]);
    await this.tell(states.filter((state) => FINAL.has(state.status)));
  }

  private async tell(states: DeliveryState[]): Promise<void> {
    if (states.length === 0) return;
    const byKind = new Map<DeliveryKind, SourceOutcome[]>();
    for (const state of states) {
      const owner = kindOf(state);
      if (!owner) continue;
      const list = byKind.get(owner.kind) ?? [];
      list.push({
        sourceId: owner.sourceId,
        outcome: state.status === 'completed' ? 'completed' : 'failed',
        clientId: state.client_id,
        occurrenceAt: new Date(state.occurrence_at),
        confirmed: state.confirmed_at !== null,
        skipped: state.status === 'skipped',
      });
      byKind.set(owner.kind, list);
    }
    for (const [kind, outcomes] of byKind) await this.handlers.get(kind)?.(outcomes);
  }
}
