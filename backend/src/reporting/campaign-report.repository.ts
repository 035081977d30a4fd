import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { bookCondition, type ClientBook } from '../members/book.js';

/** One client a sent campaign went to, with where its delivery stands. */
export interface CampaignRecipientRow {
  client_id: string;
  first_name: string;
  last_name: string;
  address: string | null;
  delivery_status: 'queued' | 'sending' | 'sent' | 'completed' | 'failed' | 'skipped' | null;
  reason: string | null;
  opened_at: string | null;
  clicked_at: string | null;
  total: number;
}

/** The SQL behind a campaign's page: its recipients (campaign_recipients) with their delivery (deliveries). */
@Injectable()
export class CampaignReportRepository {
  constructor(private readonly em: EntityManager) {}

  async ownsCampaign(brokerId: string, campaignId: string): Promise<boolean> {
    const [row] = await this.em.execute<{ owned: boolean }[]>(
      'select exists (select 1 from campaigns where id = ? and broker_id = ?) as owned',
      [campaignId, brokerId],
    );
    return row?.owned ?? false;
  }

  /**
   * A page of the recipients in the book (or only the clients named: react-admin's getMany), by last
   * then first name, with the total on each row.
   */
  recipients(book: ClientBook, campaignId: string, offset: number, limit: number, clientIds?: string[]): Promise<CampaignRecipientRow[]> {
    const inBook = bookCondition(book);
    return this.em.execute<CampaignRecipientRow[]>(
      `select kr.client_id, c.first_name, c.last_name, d.recipient as address, d.status as delivery_status, d.error as reason,
              kr.opened_at, kr.clicked_at, count(*) over ()::int as total
         from campaign_recipients kr
         join clients c on c.id = kr.client_id
         -- One delivery per campaign and client (deliveries_campaign_client_unique).
         left join deliveries d on d.campaign_id = kr.campaign_id and d.client_id = kr.client_id
        where kr.campaign_id = ? and ${inBook.sql} and (?::uuid[] is null or kr.client_id = any(?::uuid[]))
        order by c.last_name, c.first_name, kr.client_id
        offset ? limit ?`,
      [campaignId, ...inBook.params, ...Array(2).fill(clientIds ? `{${clientIds.join(',')}}` : null), offset, limit],
    );
  }
}
