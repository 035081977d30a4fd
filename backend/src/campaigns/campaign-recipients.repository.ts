import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';

import type { Language } from '../common/language.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { consentStateSql } from '../consent/consent-sql.js';

/** A campaign recipient found by their token, with what the tracking and unsubscribe pages need. */
export interface RecipientRow {
  id: string;
  campaign_id: string;
  client_id: string;
  email: string | null;
  message: string;
  agency_name: string;
  /** The client's language: the unsubscribe pages speak it. */
  language: Language;
  primary_color: string;
}

/**
 * The broker's active clients with an address for the channel, with that address; only the named
 * clients when there is a list. Whether each may be sent to is the ledger's decision at send time
 * (those who may not are skipped with the reason, never left out unseen). Parameters: eligibleParams.
 */
function eligibleSql(type: 'email' | 'sms'): string {
  const address = type === 'email' ? 'c.email' : 'c.phone';
  return `select c.id as client_id, ${address} as address
            from clients c
           where c.broker_id = ? and (?::uuid[] is null or c.id = any(?::uuid[])) and c.is_active and ${address} is not null and ${address} <> ''`;
}
const ELIGIBLE_SQL = { email: eligibleSql('email'), sms: eligibleSql('sms') };
const eligibleParams = (brokerId: string, clientIds: string[] | null) => {
  const ids = clientIds === null ? null : `{${clientIds.join(',')}}`;
  return [brokerId, ids, ids];
};

/** The SQL on `campaign_recipients` behind the open pixel, the click redirect and unsubscribe. */
@Injectable()
export class CampaignRecipientsRepository {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async byToken(token: string): Promise<RecipientRow | undefined> {
    const [row] = await this.em.execute<RecipientRow[]>(
      `select kr.id, kr.campaign_id, kr.client_id, c.email, c.language, k.message, u.agency_name, u.primary_color
         from campaign_recipients kr
         join campaigns k on k.id = kr.campaign_id
         join clients c on c.id = kr.client_id
         join users u on u.id = k.broker_id
        where kr.token = ?`,
      [token],
    );
    return row;
  }

  /** A person opened it (the first time counts), or a mail server's scanner fetched the pixel. */
  async recordOpen(id: string, machine: boolean): Promise<void> {
    await this.em.execute(
      machine
        ? `update campaign_recipients set machine_opens = machine_opens + 1 where id = ?`
        : `update campaign_recipients set opened_at = coalesce(opened_at, now()) where id = ?`,
      [id],
    );
  }

  /** A click means the message was read, whatever the pixel said. */
  async recordClick(id: string): Promise<void> {
    await this.em.execute(
      `update campaign_recipients set clicked_at = coalesce(clicked_at, now()), opened_at = coalesce(opened_at, now()) where id = ?`,
      [id],
    );
  }

  /**
   * Fixes a campaign's recipients — the broker's active clients with an address for the channel —
   * each with their tracking token, in `em`'s
   * transaction; answers them with their address.
   */
  fix(
    em: EntityManager,
    brokerId: string,
    campaignId: string,
    type: 'email' | 'sms',
    clientIds: string[] | null,
  ): Promise<{ client_id: string; address: string }[]> {
    return em.execute<{ client_id: string; address: string }[]>(
      `with eligible as (${ELIGIBLE_SQL[type]}), recipients as (
         insert into campaign_recipients (id, campaign_id, client_id, token)
         select gen_random_uuid(), ?, client_id, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') from eligible
         returning client_id
       )
       select e.client_id, e.address from eligible e join recipients r on r.client_id = e.client_id`,
      [...eligibleParams(brokerId, clientIds), campaignId],
    );
  }

  /**
   * How many clients a campaign of this type would be addressed to if it were sent now (the same
   * rule as fix), and how many of them may receive it: the permission its purpose needs on the
   * channel, and the address not opted out.
   */
  async audience(
    brokerId: string,
    type: 'email' | 'sms',
    clientIds: string[] | null,
    purpose: 'marketing' | 'informational' = 'marketing',
  ): Promise<{ count: number; consented: number }> {
    const state = (what: string) => consentStateSql('eligible.client_id', `'${type}'`, `'${what}'`, this.config.consent.marketingMonths);
    // An informational campaign goes with reminders or marketing permission on the channel (docs/campaigns.md).
    const allowed =
      purpose === 'informational'
        ? `(${state('reminders')} = 'granted' or ${state('marketing')} = 'granted')`
        : `${state('marketing')} = 'granted'`;
    const [row] = await this.em.execute<{ count: number; consented: number }[]>(
      `select count(*)::int as count,
              count(*) filter (where ${allowed}
                and not exists (select 1 from opt_outs o where o.recipient = ${type === 'email' ? 'lower(eligible.address)' : 'eligible.address'} and o.channel = ?))::int as consented
         from (${ELIGIBLE_SQL[type]}) eligible`,
      [type, ...eligibleParams(brokerId, clientIds)],
    );
    return { count: row?.count ?? 0, consented: row?.consented ?? 0 };
  }

  /** Opened and clicked recipients per campaign. */
  openedAndClicked(campaignIds: string[]): Promise<{ campaign_id: string; opened: number; clicked: number }[]> {
    return this.em.execute<{ campaign_id: string; opened: number; clicked: number }[]>(
      `select campaign_id, count(opened_at)::int as opened, count(clicked_at)::int as clicked
         from campaign_recipients where campaign_id in (?) group by campaign_id`,
      [campaignIds],
    );
  }
}
