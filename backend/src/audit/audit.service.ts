import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { AdminAction } from './admin-action.entity.js';

export interface AuditEntry {
  adminId: string;
  action: string;
  targetType: string;
  targetId?: string | null;
  brokerId?: string | null;
  notes?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes admin actions to the audit log, in the caller's transaction so the entry and the change go together. */
@Injectable()
export class AuditService {
  record(em: EntityManager, entry: AuditEntry): AdminAction {
    return em.create(AdminAction, entry);
  }
}
