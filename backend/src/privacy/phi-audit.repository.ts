import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The SQL on `phi_access_log` (append-only). */
@Injectable()
export class PhiAuditRepository {
  constructor(private readonly em: EntityManager) {}

  async add(entry: { accountId: string; clientId: string; action: string; resource: string; resourceId: string | null }): Promise<void> {
    await this.em.execute(
      `insert into phi_access_log (id, account_id, client_id, action, resource, resource_id) values (gen_random_uuid(), ?, ?, ?, ?, ?)`,
      [entry.accountId, entry.clientId, entry.action, entry.resource, entry.resourceId],
    );
  }
}
