import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';

import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { OptOutsService } from '../messaging/opt-outs.service.js';
import type { Channel } from '../messaging/outbox-message.entity.js';
import { CONSENT_PURPOSES, type ConsentPurpose, type ConsentSource } from './consent.entity.js';
import { type ConsentEventInput, ConsentRepository, type LatestConsent } from './consent.repository.js';

export const CONTACT_CHANNELS: Channel[] = ['voice', 'sms', 'email'];

/** A client's permission on one channel for one purpose, derived from their latest event. */
export type ConsentState = 'granted' | 'revoked' | 'expired' | 'unknown';

export interface ConsentStatus {
  state: ConsentState;
  /** When the latest event was recorded (undefined: none). */
  since?: Date;
  source?: ConsentSource;
  /** When a marketing permission lapses (or lapsed). */
  expiresAt?: Date;
}

/** Every channel × purpose of a client. */
export type ConsentGrid = Record<Channel, Record<ConsentPurpose, ConsentStatus>>;

/**
 * `months` calendar months after `at`, in UTC, as PostgreSQL adds an interval of months on a server
 * in UTC (consent-sql.ts): the same time of day, on the same day of the month or the month's last day
 * (31 January + 1 month = 28 or 29 February). Plain arithmetic: this runs for every client and
 * channel of a list.
 */
export function plusMonthsUtc(at: Date, months: number): Date {
  const monthIndex = at.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), monthIndex + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      at.getUTCFullYear(),
      monthIndex,
      Math.min(at.getUTCDate(), lastDay),
      at.getUTCHours(),
      at.getUTCMinutes(),
      at.getUTCSeconds(),
      at.getUTCMilliseconds(),
    ),
  );
}

/** The state an event leaves behind, `now`: marketing permission lapses `marketingMonths` after it was given. */
export function derivedState(
  latest: Pick<LatestConsent, 'opted_in' | 'recorded_at' | 'purpose' | 'source'> | undefined,
  now: Date,
  marketingMonths: number,
): ConsentStatus {
  if (!latest) return { state: 'unknown' };
  const since = new Date(latest.recorded_at);
  if (!latest.opted_in) return { state: 'revoked', since, source: latest.source };
  if (latest.purpose !== 'marketing') return { state: 'granted', since, source: latest.source };
  const expiresAt = plusMonthsUtc(since, marketingMonths);
  return { state: expiresAt <= now ? 'expired' : 'granted', since, source: latest.source, expiresAt };
}

/** Who, in the ledger's words. */
export const actorOf = {
  broker: (id: string) => `broker:${id}`,
  admin: (id: string) => `admin:${id}`,
  client: 'client',
  recipient: 'recipient',
  system: 'system',
} as const;

/**
 * The consent ledger: appends events and answers, for any client, channel and purpose, whether a
 * message may go. A revocation of marketing on one channel is a revocation of marketing on every
 * channel unless CONSENT_REVOKE_MARKETING_EVERYWHERE=false; a revocation of a phone or address also
 * stops its carrier-level sends (opt_outs) when it came from the recipient.
 */
@Injectable()
export class ConsentLedger {
  constructor(
    private readonly consents: ConsentRepository,
    private readonly optOuts: OptOutsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get marketingMonths(): number {
    return this.config.consent.marketingMonths;
  }

  /** Appends an event (inside `em`'s transaction when given); a marketing revocation spreads as configured. */
  async record(event: ConsentEventInput, em?: EntityManager): Promise<void> {
    const spread =
      !event.optedIn && event.purposes.includes('marketing') && this.config.consent.revokeMarketingEverywhere
        ? CONTACT_CHANNELS.filter((channel) => !event.channels.includes(channel))
        : [];
    await this.consents.append(event, em);
    if (spread.length > 0) {
      await this.consents.append(
        {
          ...event,
          channels: spread,
          purposes: ['marketing'],
          evidence: `${event.evidence ? `${event.evidence} — ` : ''}marketing revoked on every channel`,
        },
        em,
      );
    }
  }

  /** The same event for every client (of any broker) with this phone or e-mail: replies come from an address, not a client. */
  async recordForAddress(address: string, channel: Channel, event: Omit<ConsentEventInput, 'clientIds'>): Promise<string[]> {
    const clientIds = await this.consents.clientsWithAddress(address, channel);
    await this.record({ ...event, clientIds });
    return clientIds;
  }

  /**
   * The recipient asked to stop on these channels (a keyword, a free-text reply, press 9, an
   * unsubscribe link): every purpose stops on them, and marketing everywhere.
   */
  async revokeByRecipient(
    address: string,
    replyChannel: Channel,
    channels: Channel[],
    source: ConsentSource,
    evidence: string,
  ): Promise<string[]> {
    const clientIds = await this.consents.clientsWithAddress(address, replyChannel);
    await this.record({ clientIds, channels, purposes: [...CONSENT_PURPOSES], optedIn: false, source, evidence, actor: actorOf.recipient });
    return clientIds;
  }

  /** An e-mail address that bounced or complained: suppressed for every send, and its clients' e-mail consent revoked. */
  async suppressEmail(address: string, kind: 'bounce' | 'complaint', evidence: string): Promise<void> {
    const email = address.trim().toLowerCase();
    await this.optOuts.optOut(email, 'email', kind === 'bounce' ? 'email-bounce' : 'email-complaint');
    const clientIds = await this.consents.clientsWithAddress(email, 'email');
    // A bounce says nothing about marketing elsewhere; a complaint is a revocation like any other.
    await this.record({
      clientIds,
      channels: ['email'],
      purposes: [...CONSENT_PURPOSES],
      optedIn: false,
      source: kind,
      evidence,
      actor: actorOf.system,
    });
  }

  /** Each client's grid, `now`. Clients without any event answer `unknown` everywhere. */
  async grids(clientIds: string[], now = new Date()): Promise<Map<string, ConsentGrid>> {
    const latest = await this.consents.latest([...new Set(clientIds)]);
    const grids = new Map<string, ConsentGrid>();
    for (const id of clientIds) grids.set(id, emptyGrid());
    for (const row of latest) {
      const grid = grids.get(row.client_id);
      if (grid) grid[row.channel][row.purpose] = derivedState(row, now, this.marketingMonths);
    }
    return grids;
  }

  async events(clientId: string) {
    return this.consents.events(clientId);
  }
}

export function emptyGrid(): ConsentGrid {
  const unknown = (): Record<ConsentPurpose, ConsentStatus> => ({ reminders: { state: 'unknown' }, marketing: { state: 'unknown' } });
  return { voice: unknown(), sms: unknown(), email: unknown() };
}
