import { Injectable } from '@nestjs/common';

import type { ClientAccount } from '../auth/client-account.entity.js';
import { PhiAuditRepository } from './phi-audit.repository.js';

/** Records every read and write of a client's health data (who, what, when; never the values). */
@Injectable()
export class PhiAuditService {
  constructor(private readonly log: PhiAuditRepository) {}

  async record(
    account: ClientAccount,
    action: 'read' | 'create' | 'update' | 'delete',
    resource: string,
    resourceId?: string,
  ): Promise<void> {
    await this.log.add({ accountId: account.id, clientId: account.client.id, action, resource, resourceId: resourceId ?? null });
  }
}
