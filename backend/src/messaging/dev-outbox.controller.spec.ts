import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';

import type { ListQuery } from '../common/list-query.js';
import type { AppConfig } from '../config/config.js';
import type { User } from '../users/user.entity.js';
import { DevOutboxController, devOutboxInUse } from './dev-outbox.controller.js';
import { DevPhone } from './dev-phone.service.js';

const TWILIO = { accountSid: 'AC1', authToken: 'secret', fromNumber: '+15550100' };
const SMTP = 'smtp://mail.example:587';

function config(nodeEnv: string, twilio?: typeof TWILIO, smtpUrl?: string) {
  return { nodeEnv, messaging: { twilio, smtpUrl } } as unknown as AppConfig;
}

describe('devOutboxInUse', () => {
  it.each([
    ['development', false, false, true],
    ['development', true, false, true],
    ['development', false, true, true],
    ['development', true, true, false],
    ['test', true, true, false],
    ['production', false, false, false],
  ])('%s, Twilio set %s, SMTP set %s: %s', (nodeEnv, twilio, smtp, expected) => {
    expect(devOutboxInUse(config(nodeEnv, twilio ? TWILIO : undefined, smtp ? SMTP : undefined))).toBe(expected);
  });
});

describe('DevOutboxController', () => {
  it('answers 404 when every channel has a provider, so nothing goes to the outbox', async () => {
    const controller = new DevOutboxController(config('development', TWILIO, SMTP), {} as EntityManager, {} as DevPhone);
    const query = { filter: {}, sort: { field: 'createdAt', order: 'DESC' }, range: [0, 0] } as unknown as ListQuery;
    await expect(controller.list({ id: 'b1' } as User, query)).rejects.toBeInstanceOf(NotFoundException);
  });
});

describe('the development phone’s signing secret', () => {
  const phone = (nodeEnv: string, twilio?: typeof TWILIO) =>
    new DevPhone(config(nodeEnv, twilio, SMTP), {} as EntityManager, {} as HttpAdapterHost);

  it('exists only in development without Twilio, so that nobody else can sign as Twilio', async () => {
    expect(phone('development').signingToken()).toMatch(/^[0-9a-f]{64}$/);
    expect(phone('production').signingToken()).toBeUndefined();
    expect(phone('development', TWILIO).signingToken()).toBeUndefined();
    // Each process makes its own.
    expect(phone('development').signingToken()).not.toBe(phone('development').signingToken());
    await expect(
      phone('production').answer({ brokerId: 'b1' }, '00000000-0000-4000-8000-000000000000', { action: 'no-answer' }),
    ).rejects.toBeInstanceOf(NotFoundException);
  });
});
