import { Injectable } from '@nestjs/common';

import type { Language } from '../common/language.js';

/** A reply that is not about a message still waiting for a confirmation: YES (agree) or STOP. */
export type ReplyWord = 'yes' | 'stop';
/** Told of a reply from a number (and the language to answer in); answers the text to send back, if it has one. */
export type ReplyHandler = (from: string, word: ReplyWord, language: Language) => Promise<string | undefined>;

/**
 * Inbound texts that feature modules care about, beyond confirmations and carrier keywords: the
 * client portal's caregivers agree (YES) or stop (STOP) by text. Modules register a handler; the
 * Twilio webhook tells them all and sends back the first answer.
 */
@Injectable()
export class InboundReplies {
  private readonly handlers: ReplyHandler[] = [];

  onReply(handler: ReplyHandler): void {
    this.handlers.push(handler);
  }

  async tell(from: string, word: ReplyWord, language: Language = 'en'): Promise<string | undefined> {
    let answer: string | undefined;
    for (const handler of this.handlers) answer ??= await handler(from, word, language);
    return answer;
  }
}
