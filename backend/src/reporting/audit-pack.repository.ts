import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { bookCondition, type ClientBook } from '../members/book.js';

export interface PackClient {
  id: string;
  broker_id: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  language: string;
  state: string | null;
  zip: string | null;
  is_active: boolean;
  created_at: string;
  assigned_member: string | null;
}

export interface PackAgency {
  agency_name: string;
  time_zone: string;
  sells_plans: boolean;
  tpmo_organizations: number | null;
  tpmo_plans: number | null;
  tpmo_disclaimer: string | null;
}

export interface PackConsent {
  recorded_at: string;
  channel: string;
  purpose: string;
  opted_in: boolean;
  source: string;
  evidence: string | null;
  actor: string | null;
  ip: string | null;
}

/** A message sent to the client: a campaign's as kept in the marketing archive, or one of the broker's reminders. */
export interface PackMessage {
  kind: 'campaign' | 'reminder';
  sent_at: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  status: string;
  campaign: string | null;
}

export interface PackPolicy {
  id: string;
  carrier: string;
  plan_name: string;
  plan_id: string | null;
  plan_type: string;
  medigap_plan: string | null;
  status: string;
  application_date: string | null;
  effective_date: string | null;
  termination_date: string | null;
  termination_reason: string | null;
  premium_cents: number | null;
  writing_member: string | null;
  soa_id: string | null;
}

export interface PackEvent {
  created_at: string;
  action: string;
  member: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

export interface PackSoa {
  id: string;
  status: string;
  products: string[];
  appointment_at: string;
  method: string;
  agent_name: string;
  rule_id: string;
  exception: string | null;
  channel: string;
  sent_at: string;
  opened_at: string | null;
  signed_at: string | null;
  cancelled_at: string | null;
  signer_name: string | null;
  signer_role: string | null;
  relationship: string | null;
  document_sha256: string | null;
  pdf_sha256: string | null;
  valid_until: string | null;
  pdf: Buffer | null;
}

/** One branding change of the TPMO fields (to know the disclaimer a message carried when it went). */
export interface PackBrandingChange {
  created_at: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const memberName = (alias: string) => `nullif(concat_ws(' ', ${alias}.first_name, ${alias}.last_name), '')`;

/**
 * The audit pack's reads (docs/compliance.md#the-audit-pack): one client's records across modules,
 * read-only. Never the client's medications, their own reminders or their caregivers' messages:
 * deliveries are read only for the broker's reminders and campaigns.
 */
@Injectable()
export class AuditPackRepository {
  constructor(private readonly em: EntityManager) {}

  async client(book: ClientBook, id: string): Promise<PackClient | undefined> {
    const inBook = bookCondition(book);
    const [row] = await this.em.execute<PackClient[]>(
      `select c.id, c.broker_id, c.first_name, c.last_name, c.phone, c.email, c.language, c.state, c.zip, c.is_active, c.created_at,
              ${memberName('m')} as assigned_member
         from clients c left join members m on m.id = c.assigned_member_id
        where c.id = ? and ${inBook.sql}`,
      [id, ...inBook.params],
    );
    return row;
  }

  async agency(agencyId: string): Promise<PackAgency> {
    const [row] = await this.em.execute<PackAgency[]>(
      `select agency_name, time_zone, sells_plans, tpmo_organizations, tpmo_plans, tpmo_disclaimer from users where id = ?`,
      [agencyId],
    );
    return row;
  }

  consent(clientId: string): Promise<PackConsent[]> {
    return this.em.execute<PackConsent[]>(
      `select recorded_at, channel, purpose, opted_in, source, evidence, actor, ip from consents where client_id = ? order by recorded_at, id`,
      [clientId],
    );
  }

  messages(agencyId: string, clientId: string): Promise<PackMessage[]> {
    return this.em.execute<PackMessage[]>(
      `select 'campaign' as kind, mm.sent_at, mm.channel, mm.recipient, mm.subject, mm.body, 'sent' as status, cp.name as campaign
         from marketing_messages mm left join campaigns cp on cp.id = mm.campaign_id
        where mm.broker_id = ? and mm.client_id = ?
       union all
       select 'reminder', coalesce(d.claimed_at, d.occurrence_at), d.channel, d.recipient, null, r.message, d.status, null
         from deliveries d join reminders r on r.id = d.reminder_id
        where d.broker_id = ? and d.client_id = ? and d.reminder_id is not null
       order by 2, 1`,
      [agencyId, clientId, agencyId, clientId],
    );
  }

  policies(clientId: string): Promise<PackPolicy[]> {
    return this.em.execute<PackPolicy[]>(
      `select p.id, p.carrier, p.plan_name, p.plan_id, p.plan_type, p.medigap_plan, p.status, p.application_date::text,
              p.effective_date::text, p.termination_date::text, p.termination_reason, p.premium_cents, ${memberName('m')} as writing_member, p.soa_id
         from policies p left join members m on m.id = p.writing_member_id
        where p.client_id = ? order by p.created_at, p.id`,
      [clientId],
    );
  }

  /** Everything the agency's activity log holds about the client and the broker's reminders to them, oldest first. */
  events(agencyId: string, clientId: string): Promise<PackEvent[]> {
    return this.em.execute<PackEvent[]>(
      `select e.created_at, e.action, ${memberName('m')} as member, e.summary, e.before, e.after, e.ip
         from agency_events e left join members m on m.id = e.member_id
        where e.agency_id = ?
          and (e.target_id = ? or (e.target_type = 'reminder' and e.target_id in (select r.id from reminders r where r.client_id = ?)))
        order by e.created_at, e.id`,
      [agencyId, clientId, clientId],
    );
  }

  soas(agencyId: string, clientId: string): Promise<PackSoa[]> {
    return this.em.execute<PackSoa[]>(
      `select s.id, s.status, s.products, s.appointment_at, s.method, s.agent_name, s.rule_id, s.exception, s.channel, s.sent_at,
              s.opened_at, s.signed_at, s.cancelled_at, g.signer_name, g.signer_role, g.relationship, g.document_sha256,
              g.pdf_sha256, g.valid_until, g.pdf
         from soas s left join soa_signatures g on g.soa_id = s.id
        where s.broker_id = ? and s.client_id = ? order by s.created_at, s.id`,
      [agencyId, clientId],
    );
  }

  /** The agency's branding changes that touched the TPMO disclaimer's fields, oldest first. */
  brandingChanges(agencyId: string): Promise<PackBrandingChange[]> {
    return this.em.execute<PackBrandingChange[]>(
      `select created_at, before, after from agency_events
        where agency_id = ? and action = 'branding_updated'
          and (jsonb_exists_any(after, array['sellsPlans', 'tpmoOrganizations', 'tpmoPlans', 'tpmoDisclaimer'])
               or jsonb_exists_any(before, array['sellsPlans', 'tpmoOrganizations', 'tpmoPlans', 'tpmoDisclaimer']))
        order by created_at, id`,
      [agencyId],
    );
  }
}
