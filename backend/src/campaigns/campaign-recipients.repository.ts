import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A campaign recipient found by their token, with what the tracking and unsubscribe pages need. */
export interface RecipientRow {
  id: string;
  campaign_id: string;
  client_id: string;
  email: string | null;
  message: string;
  agency_name: string;
  primary_color: string;
}

/** The SQL on `campaign_recipients` behind the open pixel, the click redirect and unsubscribe. */
@Injectable()
export class CampaignRecipientsRepository {
  constructor(private readonly em: EntityManager) {}

  async byToken(token: string): Promise<RecipientRow | undefined> {
    const [row] = await this.em.execute<RecipientRow[]>(
      `select kr.id, kr.campaign_id, kr.client_id, c.email, k.message, u.agency_name, u.primary_color
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
}
