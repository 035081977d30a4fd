import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** How an agency's texts go out once its campaign is approved. */
export interface TextSender {
  messagingServiceSid: string | null;
}

/** One month of an agency's A2P 10DLC costs, in cents. */
export interface RegistrationMonthCost {
  /** YYYY-MM */
  month: string;
  cents: number;
}

/**
 * The reads the rest of the app makes of the agencies' A2P 10DLC registrations and numbers: the
 * dispatcher (who may text, and through which messaging service), the inbound texts (which agency a
 * number belongs to) and billing (the registration's costs by month).
 */
@Injectable()
export class A2pReads {
  constructor(private readonly em: EntityManager) {}

  /**
   * The agencies among these whose campaign is approved (or simulated in development), with their
   * messaging service; an agency left out may not text yet.
   */
  async senders(brokerIds: string[]): Promise<Map<string, TextSender>> {
    if (brokerIds.length === 0) return new Map();
    const rows = await this.em.execute<{ broker_id: string; messaging_service_sid: string | null }[]>(
      `select broker_id, messaging_service_sid from a2p_registrations where broker_id in (?) and status in ('approved', 'simulated')`,
      [brokerIds],
    );
    return new Map(rows.map((row) => [row.broker_id, { messagingServiceSid: row.messaging_service_sid }]));
  }

  /**
   * The agency (its broker id) a number belongs to: the one it texts from, so an inbound text to it
   * is that agency's. Null for a number of no agency (the platform's own, or a released one).
   */
  async agencyForNumber(e164: string): Promise<string | null> {
    const [row] = await this.em.execute<{ broker_id: string }[]>(
      `select broker_id from agency_numbers where e164 = ? and status <> 'released'`,
      [e164.trim()],
    );
    return row?.broker_id ?? null;
  }

  /** The registration's one-time fees (in the months submitted) and the monthly fees (each month since approval), as billed. */
  async registrationRow(
    brokerId: string,
  ): Promise<
    | { status: string; confirmed_fees_cents: number; submitted_at: Date; approved_at: Date | null; brand: { businessType: string } }
    | undefined
  > {
    const [row] = await this.em.execute<
      { status: string; confirmed_fees_cents: number; submitted_at: Date; approved_at: Date | null; brand: { businessType: string } }[]
    >(`select status, confirmed_fees_cents, submitted_at, approved_at, brand from a2p_registrations where broker_id = ?`, [brokerId]);
    return row;
  }

  async activeNumbers(brokerId: string): Promise<{ e164: string; created_at: Date }[]> {
    return this.em.execute(`select e164, created_at from agency_numbers where broker_id = ? and status = 'active' order by created_at`, [
      brokerId,
    ]);
  }
}
