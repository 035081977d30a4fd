import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Language } from '../common/language.js';

/** The agency a phone number belongs to, as a HELP reply names it. */
export interface AgencyRow {
  agency_name: string;
  agency_phone: string;
  name: string;
  /** The client's language (the newest client with this number). */
  language: Language;
}

/**
 * Read-only: who a message comes from and goes to, read from `users` (the agency's branding) and
 * `clients` (the recipient). The delivery module writes neither table.
 */
@Injectable()
export class RecipientsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The agency of the most recent client with this phone number. */
  async agencyForPhone(phone: string): Promise<AgencyRow | undefined> {
    const [agency] = await this.em.execute<AgencyRow[]>(
      `select u.agency_name, u.agency_phone, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name, c.language
         from clients c join users u on u.id = c.broker_id where c.phone = ? order by c.created_at desc limit 1`,
      [phone],
    );
    return agency;
  }
}
