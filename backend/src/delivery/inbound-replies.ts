import { Injectable, Logger } from '@nestjs/common';

import { Clock } from '../common/clock.js';
import type { Language } from '../common/language.js';

/** A reply that is not about a message still waiting for a confirmation: YES (agree) or STOP. */
export type ReplyWord = 'yes' | 'stop';
/** Told of a reply from a number (and the language to answer in); answers the text to send back, if it has one. */
export type ReplyHandler = (from: string, word: ReplyWord, language: Language) => Promise<string | undefined>;
/** Told that a number answered by text, whatever the words (a STOP excepted), and when. */
export type AnyReplyHandler = (from: string, at: Date) => Promise<void>;

/**
 * What an inbound text was, once the webhook handled it as before: a stop or a start (texts), a
 * request for help, the confirmation of a reminder, or words of the sender's own (a YES that
 * confirmed nothing included).
 */
export type InboundKind = 'stop' | 'start' | 'help' | 'confirmed' | 'text';

export interface InboundText {
  /** The sender's number (E.164). */
  from: string;
  /** The number it was sent to: the agency's own number once numbers are per agency (A2P), else the app's. */
  to: string;
  kind: InboundKind;
  /** The words as received (at most 1600 characters). */
  body: string;
  /** Which channels a stop names. */
  channels: string[];
  at: Date;
}

/** Told of every inbound text after its handling; answers false when the words are not the agency's to read. */
export type InboundHandler = (text: InboundText) => Promise<boolean | undefined>;

/**
 * Inbound texts that feature modules care about, beyond confirmations and carrier keywords: the
 * client portal's caregivers agree (YES) or stop (STOP) by text. Modules register a handler; the
 * Twilio webhook tells them all and sends back the first answer.
 */
@Injectable()
export class InboundReplies {
  private readonly logger = new Logger('InboundReplies');
  private readonly handlers: ReplyHandler[] = [];
  private readonly anyHandlers: AnyReplyHandler[] = [];
  private readonly textHandlers: AnyReplyHandler[] = [];
  private readonly inboundHandlers: InboundHandler[] = [];

  constructor(private readonly clock: Clock) {}

  onReply(handler: ReplyHandler): void {
    this.handlers.push(handler);
  }

  /** Campaigns count a reply to a campaign text as engagement. */
  onAnyReply(handler: AnyReplyHandler): void {
    this.anyHandlers.push(handler);
  }

  /** Tasks: a text in the sender's own words (no keyword, no confirmation) is one to answer. */
  onClientText(handler: AnyReplyHandler): void {
    this.textHandlers.push(handler);
  }

  /** The inbox: every inbound text (after its keywords and confirmations were handled) becomes part of a thread. */
  onInbound(handler: InboundHandler): void {
    this.inboundHandlers.push(handler);
  }

  /**
   * Tells every module of an inbound text; one that fails does not stop the reply's handling.
   * Answers false when a module kept the words from the agency (an answer to a client's own
   * reminder, docs/privacy.md), else true.
   */
  async tellInbound(text: Omit<InboundText, 'at'>, at: Date = this.clock.now()): Promise<boolean> {
    let shown = true;
    for (const handler of this.inboundHandlers) {
      try {
        if ((await handler({ ...text, at })) === false) shown = false;
      } catch (error) {
        this.logger.error({ err: error }, 'An inbound text handler failed');
      }
    }
    return shown;
  }

  /** Tells every module that `from` wrote a text that is no keyword; one that fails does not stop the others. */
  async tellText(from: string, at: Date = this.clock.now()): Promise<void> {
    for (const handler of this.textHandlers) {
      try {
        await handler(from, at);
      } catch (error) {
        this.logger.error({ err: error }, 'A text handler failed');
      }
    }
  }

  /** Tells every module that `from` replied (at the Clock's time); one that fails does not stop the reply's own handling. */
  async tellAny(from: string, at: Date = this.clock.now()): Promise<void> {
    for (const handler of this.anyHandlers) {
      try {
        await handler(from, at);
      } catch (error) {
        this.logger.error({ err: error }, 'A reply handler failed');
      }
    }
  }

  async tell(from: string, word: ReplyWord, language: Language = 'en'): Promise<string | undefined> {
    let answer: string | undefined;
    for (const handler of this.handlers) answer ??= await handler(from, word, language);
    return answer;
  }
}
