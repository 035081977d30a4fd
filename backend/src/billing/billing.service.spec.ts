import { jest } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';

import { AgencyLogRepository } from '../agency-log/agency-log.repository.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import type { AppConfig } from '../config/config.js';
import { MessagingRepository } from '../messaging/messaging.repository.js';
import { WebhookEventsService } from '../messaging/webhook-events.service.js';
import type { User } from '../users/user.entity.js';
import { BillingRepository } from './billing.repository.js';
import { BillingService } from './billing.service.js';

describe('Mark as paid (local billing)', () => {
  it('does not exist in production, even in local billing mode', async () => {
    const em = { findOneOrFail: jest.fn() } as unknown as EntityManager;
    const service = new BillingService(
      em,
      { nodeEnv: 'production', billing: {} } as unknown as AppConfig,
      new WebhookEventsService(new MessagingRepository(em)),
      new BillingRepository(em),
      new AgencyLogService(em, new AgencyLogRepository(em)),
    );
    const actor = { agencyId: 'b1', memberId: 'm1', tokenId: null, ip: null };
    await expect(service.markPaid({ id: 'b1' } as User, actor)).rejects.toBeInstanceOf(NotFoundException);
    expect(em.findOneOrFail).not.toHaveBeenCalled();
  });
});
