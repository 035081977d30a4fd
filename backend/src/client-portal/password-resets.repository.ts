import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** What a password reset request names, read every way it can be meant. */
export interface ResetLookup {
  /** Lower-cased, as usernames are stored. */
  username: string;
  /** E.164, when the text reads as a phone number. */
  phone: string | null;
  /** Lower-cased, when the text reads as an e-mail address. */
  email: string | null;
}

/** A client account a reset may go to. */
export interface ResetAccountRow {
  account_id: string;
}

/** At most this many accounts get a reset from one request (a phone or e-mail shared by a couple, or on two agencies' books). */
export const MAX_ACCOUNTS_PER_REQUEST = 5;

/** The SQL of client password resets: finding the accounts a request names, and counting wrong codes. */
@Injectable()
export class PasswordResetsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Active clients' accounts whose username, phone or e-mail is the one given, oldest first. Phone
   * and e-mail are not unique across agencies, so one request can name several accounts.
   */
  accountsMatching(lookup: ResetLookup, em: EntityManager = this.em): Promise<ResetAccountRow[]> {
    return em.execute<ResetAccountRow[]>(
      // Three index lookups (username, clients_phone_idx, clients_email_lower_idx), not one scan for an or across tables.
      `select a.id as account_id
         from client_accounts a
         join clients c on c.id = a.client_id
        where c.is_active
          and a.client_id in (select client_id from client_accounts where username = ?
                              union select id from clients where phone = ?
                              union select id from clients where lower(email) = ?)
        order by a.created_at, a.id
        limit ?`,
      [lookup.username, lookup.phone, lookup.email, MAX_ACCOUNTS_PER_REQUEST],
    );
  }

  /** Counts a wrong code against these resets, in one statement (two tries at once both count). */
  async countWrongCode(resetIds: string[], em: EntityManager = this.em): Promise<void> {
    if (resetIds.length === 0) return;
    await em.execute(`update client_password_resets set attempts = attempts + 1 where id = any(?::uuid[])`, [`{${resetIds.join(',')}}`]);
  }
}
