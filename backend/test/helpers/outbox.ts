import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { FilterQuery } from '@mikro-orm/core';

import { DEV_SECRETS_FILE } from '../../src/messaging/outbox.adapter.js';
import { OutboxMessage } from '../../src/messaging/outbox-message.entity.js';
import type { TestApp } from './test-app.js';

/**
 * The development outbox's messages as their recipients got them: the rows in the order they were
 * stored, and for a message whose code or link the outbox hides, its words in full from the
 * developer's file (DATA_DIR/dev-outbox-secrets.jsonl), as the client's phone or mailbox would show them.
 */
export async function outboxInFull(t: TestApp, where: FilterQuery<OutboxMessage>): Promise<OutboxMessage[]> {
  const rows = await t.em().find(OutboxMessage, where, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const lines = await readFile(join(t.config.dataDir, DEV_SECRETS_FILE), 'utf8').catch(() => '');
  const full = new Map<string, { subject: string | null; body: string }>();
  for (const line of lines.split('\n').filter(Boolean)) {
    const entry = JSON.parse(line) as { id: string; subject: string | null; body: string };
    full.set(entry.id, entry);
  }
  return rows.map((row) => {
    const inFull = full.get(row.id);
    return inFull ? Object.assign(row, { subject: inFull.subject, body: inFull.body }) : row;
  });
}
