import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Channel } from './outbox-message.entity.js';

export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'CANCEL'];
export const START_WORDS = ['START', 'UNSTOP'];
export const HELP_WORDS = ['HELP'];

export type Keyword = 'stop' | 'start' | 'help';

/** The carrier keyword an inbound text is, if any (any case, surrounding spaces ignored). */
export function keywordOf(body: string | undefined): Keyword | undefined {
  const word = (body ?? '').trim().toUpperCase();
  if (STOP_WORDS.includes(word)) return 'stop';
  if (START_WORDS.includes(word)) return 'start';
  if (HELP_WORDS.includes(word)) return 'help';
  return undefined;
}

/** Who asked not to be called or texted; checked before every send. */
@Injectable()
export class OptOutsService {
  constructor(private readonly em: EntityManager) {}

  async optOut(recipient: string, channel: Channel, source: string): Promise<void> {
    await this.em.execute(
      `insert into opt_outs (recipient, channel, source) values (?, ?, ?) on conflict (recipient, channel) do nothing`,
      [recipient, channel, source],
    );
  }

  async optIn(recipient: string, channel: Channel): Promise<void> {
    await this.em.execute(`delete from opt_outs where recipient = ? and channel = ?`, [recipient, channel]);
  }

  /** `recipient|channel` keys of the opted-out among these recipients. */
  async optedOut(recipients: string[]): Promise<Set<string>> {
    if (recipients.length === 0) return new Set();
    const rows = await this.em.execute<{ recipient: string; channel: string }[]>(
      `select recipient, channel from opt_outs where recipient in (?)`,
      [recipients],
    );
    return new Set(rows.map((row) => `${row.recipient}|${row.channel}`));
  }
}
