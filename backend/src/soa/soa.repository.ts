import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { bookCondition, type ClientBook } from '../members/book.js';
import type { SoaStatus, SoaTrailEvent } from './soa.entity.js';

/** An SOA row as the broker's lists read it, with its client's name and its signature's facts (times as the driver gives them: text). */
export interface SoaRow {
  id: string;
  client_id: string;
  client_name: string;
  products: string[];
  appointment_at: string;
  method: string;
  exception: string | null;
  rule_id: string;
  agent_member_id: string | null;
  agent_name: string;
  channel: string;
  status: SoaStatus;
  sent_at: string;
  opened_at: string | null;
  signed_at: string | null;
  link_expires_at: string;
  created_at: string;
  signer_name: string | null;
  signer_role: string | null;
  relationship: string | null;
  valid_until: string | null;
  earliest_appointment_at: string | null;
  too_soon: boolean | null;
  pdf_sha256: string | null;
}

const COLUMNS = `s.id, s.client_id, concat_ws(' ', c.first_name, c.last_name) as client_name, s.products, s.appointment_at, s.method,
  s.exception, s.rule_id, s.agent_member_id, s.agent_name, s.channel, s.status, s.sent_at, s.opened_at, s.signed_at,
  s.link_expires_at, s.created_at, g.signer_name, g.signer_role, g.relationship, g.valid_until, g.earliest_appointment_at,
  g.too_soon, g.pdf_sha256`;

/** The SQL of Scopes of Appointment: every broker read keeps to the member's book through the client. */
@Injectable()
export class SoaRepository {
  constructor(private readonly em: EntityManager) {}

  /** A client's SOAs, newest first. */
  async forClient(book: ClientBook, clientId: string): Promise<SoaRow[]> {
    const inBook = bookCondition(book);
    return this.em.execute<SoaRow[]>(
      `select ${COLUMNS} from soas s join clients c on c.id = s.client_id left join soa_signatures g on g.soa_id = s.id
        where s.broker_id = ? and s.client_id = ? and ${inBook.sql} order by s.created_at desc`,
      [book.agencyId, clientId, ...inBook.params],
    );
  }

  /** One SOA of the book, or nothing. */
  async one(book: ClientBook, id: string): Promise<SoaRow | undefined> {
    const inBook = bookCondition(book);
    const [row] = await this.em.execute<SoaRow[]>(
      `select ${COLUMNS} from soas s join clients c on c.id = s.client_id left join soa_signatures g on g.soa_id = s.id
        where s.broker_id = ? and s.id = ? and ${inBook.sql}`,
      [book.agencyId, id, ...inBook.params],
    );
    return row;
  }

  /** The book's SOAs sent and not signed (nor cancelled), the soonest appointment first. */
  async unsigned(book: ClientBook, limit: number): Promise<{ rows: SoaRow[]; total: number }> {
    const inBook = bookCondition(book);
    const rows = await this.em.execute<(SoaRow & { total: number })[]>(
      `select ${COLUMNS}, count(*) over ()::int as total from soas s join clients c on c.id = s.client_id
        left join soa_signatures g on g.soa_id = s.id
        where s.broker_id = ? and s.status = 'sent' and ${inBook.sql}
        order by s.appointment_at, s.id limit ?`,
      [book.agencyId, ...inBook.params, limit],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  }

  /** A client's signed SOAs, for their own portal (newest first). */
  async signedOfClient(clientId: string): Promise<SoaRow[]> {
    return this.em.execute<SoaRow[]>(
      `select ${COLUMNS} from soas s join clients c on c.id = s.client_id join soa_signatures g on g.soa_id = s.id
        where s.client_id = ? and s.status = 'signed' order by g.signed_at desc`,
      [clientId],
    );
  }

  /**
   * SOAs whose appointment passed an hour ago or more without a signature, not yet followed up:
   * with the client's name, the agency's language, and the agent when they are still a member.
   */
  missedWithoutTask(now: Date, limit: number): Promise<MissedSoaRow[]> {
    return this.em.execute<MissedSoaRow[]>(
      `select s.id, s.broker_id, s.client_id, concat_ws(' ', c.first_name, c.last_name) as client_name, u.language, m.id as agent_member_id
         from soas s join clients c on c.id = s.client_id join users u on u.id = s.broker_id
         left join members m on m.id = s.agent_member_id and m.removed_at is null and m.invitation_hash is null
        where s.status = 'sent' and s.appointment_at <= ?::timestamptz - interval '1 hour'
          and not s.trail @> '[{"event":"missed"}]'::jsonb
        order by s.appointment_at limit ?`,
      [now.toISOString(), limit],
    );
  }

  /** Adds a step to an SOA's trail. */
  async addToTrail(id: string, step: SoaTrailEvent): Promise<void> {
    await this.em.execute(`update soas set trail = trail || ?::jsonb, updated_at = now() where id = ?`, [JSON.stringify([step]), id]);
  }
}

export interface MissedSoaRow {
  id: string;
  broker_id: string;
  client_id: string;
  client_name: string;
  language: 'en' | 'es';
  agent_member_id: string | null;
}
