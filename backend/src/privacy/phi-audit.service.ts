import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { ClientAccount } from '../auth/client-account.entity.js';

/** Records every read and write of a client's health data (who, what, when; never the values). */
@Injectable()
export class PhiAuditService {
  constructor(private readonly em: EntityManager) {}

  async record(
    account: ClientAccount,
    action: 'read' | 'create' | 'update' | 'delete',
    resource: string,
    resourceId?: string,
  ): Promise<void> {
    await this.em.execute(
      `insert into phi_access_log (id, account_id, client_id, action, resource, resource_id) values (gen_random_uuid(), ?, ?, ?, ?, ?)`,
      [account.id, account.client.id, action, resource, resourceId ?? null],
    );
  }
}
