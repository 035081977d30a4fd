import type { ConsentGrid } from '../consent/consent-ledger.service.js';
import { consentRefusal } from '../delivery/consent-gate.js';
import { outsideQuietHours } from '../delivery/quiet-hours.js';

/**
 * How long after a person's text a member's reply counts as a response to it (docs/compliance.md
 * "Replies from the inbox"): sent at any hour, and to a client whose permission for texts is not
 * on file yet (a revocation or a STOP still refuses it). Also how long after the client's own
 * reminder a text from them is taken as an answer to it, and kept from the agency (docs/privacy.md).
 */
export const REPLY_WINDOW_HOURS = 24;
export const REPLY_WINDOW_MS = REPLY_WINDOW_HOURS * 3600_000;

/** Whose the last message to a number was: the agency's (a campaign, its reminder, a reply) or the client's own (their reminder, their caregivers' texts). */
export interface LastSent {
  owner: 'agency' | 'client';
  at: Date;
}

/**
 * Whether an inbound text is the agency's to read (docs/privacy.md "Replies"): not when the last
 * message to the number, within the reply window, was the client's own — their reminder (its
 * medication) or a text to one of their caregivers. Then the words answer that, and stay in the
 * client's own history.
 */
export function agencyMayRead(lastSent: LastSent | undefined, now: Date): boolean {
  if (!lastSent || lastSent.owner === 'agency') return true;
  return now.getTime() - lastSent.at.getTime() > REPLY_WINDOW_MS;
}

/** Whether a reply now answers the person's last text (within the window). */
export function isResponse(lastInboundAt: Date | null | undefined, now: Date): boolean {
  return !!lastInboundAt && now.getTime() - lastInboundAt.getTime() <= REPLY_WINDOW_MS && lastInboundAt <= now;
}

export interface ReplyCheck {
  now: Date;
  /** The number replied STOP (or its texts are otherwise opted out). */
  optedOut: boolean;
  /** The client's consent grid; undefined for a number that is not a client's. */
  grid: ConsentGrid | undefined;
  isClient: boolean;
  lastInboundAt: Date | null | undefined;
  /** The recipient's time zone (the client's, as their reminders use it). */
  zone: string;
}

export type ReplyRefusal =
  | { reason: 'opted_out'; message: string }
  | { reason: 'consent'; message: string }
  | { reason: 'calling_hours'; message: string; allowedFrom: Date };

/**
 * Why a member's reply may not go now, or undefined when it may. The checks are those of a broker's
 * reminder (consent-gate.ts, quiet-hours.ts), except that a reply within REPLY_WINDOW_HOURS of the
 * person's text is a response: it is treated as something they asked for (only a revocation stops
 * it, as for a client's own reminder) and is not held to the calling hours.
 */
export function replyRefusal(check: ReplyCheck): ReplyRefusal | undefined {
  if (check.optedOut)
    return {
      reason: 'opted_out',
      message: 'They replied STOP: no text can be sent to this number until they text START. Call them instead, if they allow calls.',
    };
  const response = isResponse(check.lastInboundAt, check.now);
  if (check.isClient) {
    const refusal = consentRefusal(
      {
        campaign_id: null,
        reminder_id: response ? null : 'inbox-reply',
        client_reminder_id: response ? 'inbox-reply' : null,
        channel: 'sms',
      },
      check.grid,
    );
    if (refusal) return { reason: 'consent', message: `${refusal}: this reply cannot be sent.` };
  } else if (!response) {
    return {
      reason: 'consent',
      message: `This number is not a client's: it can be answered only within ${REPLY_WINDOW_HOURS} hours of its last text.`,
    };
  }
  if (!response) {
    const allowedFrom = outsideQuietHours(check.now, check.zone);
    if (allowedFrom.getTime() > check.now.getTime())
      return {
        reason: 'calling_hours',
        message: `Outside calling hours where they live (08:00–21:00): send it after ${allowedFrom.toISOString()}, or answer within ${REPLY_WINDOW_HOURS} hours of a text of theirs.`,
        allowedFrom,
      };
  }
  return undefined;
}
