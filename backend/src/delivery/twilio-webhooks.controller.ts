import { Body, Controller, ForbiddenException, HttpCode, Inject, NotFoundException, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type twilio from 'twilio';

import { Public } from '../auth/access.decorators.js';
import { Consumes } from '../common/content-type.js';
import { isUuid } from '../common/ids.js';
import { type Language } from '../common/language.js';
import { listOf, messagesFor } from '../common/messages/index.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ConsentLedger } from '../consent/consent-ledger.service.js';
import { meaningOf, replyLanguageOf } from '../consent/revocation.js';
import { callTwiml, saidYes, sayIn } from '../messaging/call-script.js';
import { DevPhone } from '../messaging/dev-phone.service.js';
import { OptOutsService } from '../messaging/opt-outs.service.js';
import { isValidTwilioRequest, loadTwilio, WEBHOOK_PATHS } from '../messaging/twilio.adapter.js';
import { WebhookEventsService } from '../messaging/webhook-events.service.js';
import { RateLimit } from '../rate-limit/rate-limit.decorators.js';
import { withSponsorIfAllowed } from './consent-gate.js';
import { DeliveryRepository } from './delivery.repository.js';
import { DeliveryOutcomesService } from './delivery-outcomes.service.js';
import { type InboundKind, InboundReplies } from './inbound-replies.js';
import { RecipientsRepository } from './recipients.repository.js';
import { isConfirmation, reminderCallScript, voicemailMessage } from './reminder-content.js';

type Form = Record<string, string | undefined>;

/** The answer to a stop in the recipient's own words (or a keyword the carrier does not answer): what stops, and how to undo it. */
export function stopAnswer(channels: string[], language: Language = 'en'): string {
  const words = messagesFor(language);
  return words.sms.stopped(
    listOf(
      channels.map((channel) => words.sms.channelNames[channel]),
      words,
    ),
  );
}

const VOICE_FAILED = new Set(['failed', 'canceled']);
const VOICE_RETRY = new Set(['busy', 'no-answer']);
const SMS_DONE = new Set(['delivered']);
const SMS_FAILED = new Set(['undelivered', 'failed', 'canceled']);
type SayAttributes = Parameters<typeof twilio.twiml.VoiceResponse.prototype.say>[0];
/** `<Say>` in the language's voice. */
const voiceOf = (language: string | undefined) => sayIn(messagesFor(language)) as SayAttributes;

/**
 * Twilio calls these: what to say when a call is answered, call and text outcomes, the key a person
 * pressed during a reminder call, and inbound texts (STOP / START / HELP, 1 or YES to confirm). Each request must carry a valid X-Twilio-Signature; each
 * outcome is applied once (webhook_events) and only moves a delivery forward.
 */
@ApiExcludeController()
@Controller('webhooks/twilio')
@Public()
@Consumes('application/x-www-form-urlencoded')
// Signed by Twilio, and a campaign's outcomes arrive by the thousand from Twilio's addresses.
@RateLimit('exempt')
export class TwilioWebhooksController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhookEvents: WebhookEventsService,
    private readonly recipients: RecipientsRepository,
    private readonly outcomes: DeliveryOutcomesService,
    private readonly deliveries: DeliveryRepository,
    private readonly replies: InboundReplies,
    private readonly optOuts: OptOutsService,
    private readonly ledger: ConsentLedger,
    private readonly devPhone: DevPhone,
  ) {}

  /**
   * Checks the request's signature and answers Twilio's SDK, for the TwiML of the reply. Without
   * Twilio, outside production, the development outbox's phone signs with its own secret instead.
   */
  private async verify(req: Request, form: Form): Promise<typeof twilio> {
    const authToken = this.config.messaging.twilio?.authToken ?? this.devPhone.signingToken();
    if (!authToken) throw new NotFoundException('Twilio is not configured');
    const url = `${this.config.appUrl}${req.originalUrl}`;
    if (!(await isValidTwilioRequest(authToken, req.get('x-twilio-signature'), url, form))) {
      throw new ForbiddenException('Invalid Twilio signature');
    }
    return loadTwilio();
  }

  private twiml(res: Response, xml: string): void {
    res.status(200).type('text/xml').send(xml);
  }

  /**
   * A call was answered (after machine detection): a person hears the reminder and is asked to press
   * 1; a machine answering a client's own reminder hears only who called and how to call back (not
   * confirmed, so it is followed up like any unconfirmed reminder); a fax line, nothing.
   */
  @Post('voice-answer')
  async voiceAnswer(@Req() req: Request, @Res() res: Response, @Body() form: Form, @Query('delivery') deliveryId?: string): Promise<void> {
    const sdk = await this.verify(req, form);
    const reply = new sdk.twiml.VoiceResponse();
    const found = deliveryId && isUuid(deliveryId) ? await this.deliveries.forAnswer(deliveryId) : undefined;
    // The sponsor message is spoken only to a client with marketing permission for calls, as of now.
    const delivery = found && withSponsorIfAllowed(found, (await this.ledger.grids([found.client_id])).get(found.client_id));
    const answeredBy = form.AnsweredBy ?? '';
    if (delivery && answeredBy) await this.outcomes.answeredBy(delivery.id, answeredBy);
    if (!delivery || answeredBy === 'fax') {
      reply.hangup();
    } else if (answeredBy.startsWith('machine') && delivery.client_reminder_id) {
      reply.say(voiceOf(delivery.client_language), voicemailMessage(delivery));
    } else {
      // The key's answer is spoken in the call's language (the URL is part of what Twilio signs).
      const gatherUrl = `${this.config.appUrl}${WEBHOOK_PATHS.voiceGather}?delivery=${delivery.id}&lang=${delivery.client_language}`;
      this.twiml(res, callTwiml(sdk, reminderCallScript(delivery), gatherUrl));
      return;
    }
    this.twiml(res, reply.toString());
  }

  @Post('voice-status')
  @HttpCode(204)
  async voiceStatus(@Req() req: Request, @Body() form: Form, @Query('delivery') deliveryId?: string): Promise<void> {
    await this.verify(req, form);
    const status = form.CallStatus ?? '';
    if (!deliveryId || !isUuid(deliveryId) || !(await this.webhookEvents.firstTime(`twilio:${form.CallSid}:${status}`))) return;
    if (status === 'completed') await this.outcomes.completed(deliveryId);
    else if (VOICE_RETRY.has(status)) await this.outcomes.retryLater(deliveryId, `The call was ${status.replace('-', ' ')}`);
    else if (VOICE_FAILED.has(status))
      await this.outcomes.failed(deliveryId, `The call ${status === 'canceled' ? 'was canceled' : 'failed'}`);
  }

  @Post('sms-status')
  @HttpCode(204)
  async smsStatus(@Req() req: Request, @Body() form: Form, @Query('delivery') deliveryId?: string): Promise<void> {
    await this.verify(req, form);
    const status = form.MessageStatus ?? '';
    if (!deliveryId || !isUuid(deliveryId) || !(await this.webhookEvents.firstTime(`twilio:${form.MessageSid}:${status}`))) return;
    if (SMS_DONE.has(status)) await this.outcomes.completed(deliveryId);
    else if (SMS_FAILED.has(status))
      await this.outcomes.failed(deliveryId, `The text was ${status}${form.ErrorCode ? ` (${form.ErrorCode})` : ''}`);
  }

  @Post('voice-gather')
  async voiceGather(
    @Req() req: Request,
    @Res() res: Response,
    @Body() form: Form,
    @Query('delivery') deliveryId?: string,
    @Query('lang') lang?: string,
  ): Promise<void> {
    const sdk = await this.verify(req, form);
    const reply = new sdk.twiml.VoiceResponse();
    const words = messagesFor(lang);
    const say = voiceOf(lang);
    // A key, or a yes said in the call's language (speech recognition's words, never stored).
    if ((form.Digits === '1' || (!form.Digits && saidYes(form.SpeechResult))) && deliveryId && isUuid(deliveryId)) {
      await this.outcomes.confirmed(deliveryId);
      reply.say(say, words.call.confirmed);
    } else if (form.Digits === '9' && form.To) {
      await this.optOuts.optOut(form.To, 'voice', 'voice-keypress');
      await this.ledger.revokeByRecipient(form.To, 'voice', ['voice'], 'voice_keypress', 'Pressed 9 during a call');
      reply.say(say, words.call.stopped);
    } else {
      reply.say(say, words.call.bye);
    }
    this.twiml(res, reply.toString());
  }

  @Post('sms-inbound')
  async smsInbound(@Req() req: Request, @Res() res: Response, @Body() form: Form): Promise<void> {
    const sdk = await this.verify(req, form);
    const from = form.From ?? '';
    const reply = new sdk.twiml.MessagingResponse();
    const meaning = meaningOf(form.Body, 'sms');
    const words = (form.Body ?? '').slice(0, 500);
    const to = form.To ?? '';
    const inbound = (kind: InboundKind) =>
      this.replies.tellInbound({
        from,
        to,
        kind,
        body: (form.Body ?? '').slice(0, 1600),
        channels: meaning?.kind === 'stop' ? meaning.channels : [],
      });
    // Answers are in the client's language when the number is a client's, else in the reply's own.
    const agency = await this.recipients.agencyForPhone(from);
    const language = agency?.language ?? replyLanguageOf(form.Body) ?? 'en';
    const catalogue = messagesFor(language);
    // Any answer but a stop counts as the client engaging with the campaign text it answers.
    if (meaning?.kind !== 'stop') await this.replies.tellAny(from);
    if (meaning?.kind === 'stop') {
      // One confirmation text per opt-out (the TCPA rule permits one, within 5 minutes): none for a number already opted out.
      const again = meaning.channels.includes('sms') && (await this.optOuts.optedOut([from])).has(`${from}|sms`);
      // A keyword or a reply in the recipient's own words: no more of what it names, honoured on the next send.
      if (meaning.channels.includes('sms')) await this.optOuts.optOut(from, 'sms', meaning.keyword ? 'sms-keyword' : 'sms-reply');
      if (meaning.channels.includes('voice')) await this.optOuts.optOut(from, 'voice', 'sms-reply');
      await this.ledger.revokeByRecipient(from, 'sms', meaning.channels, meaning.keyword ? 'keyword' : 'free_text', `Replied: ${words}`);
      // A caregiver who stops is marked so for the client to see.
      await this.replies.tell(from, 'stop', language);
      // The carrier answers STOP itself; ALTO and a stop in other words are answered here.
      if (!meaning.carrierAnswers && !again) reply.message(stopAnswer(meaning.channels, language));
      // The agency's inbox shows the stop as an event of the thread (no words of the reply).
      await inbound('stop');
    } else if (meaning?.kind === 'start') {
      await this.optOuts.optIn(from, 'sms');
      await this.ledger.recordForAddress(from, 'sms', {
        channels: ['sms'],
        purposes: ['reminders'],
        optedIn: true,
        source: 'keyword',
        evidence: `Replied: ${words}`,
        actor: 'recipient',
      });
      if (!meaning.carrierAnswers) reply.message(catalogue.sms.started);
      await inbound('start');
    } else if (isConfirmation(form.Body)) {
      // Confirms the latest reminder to this number still waiting for it.
      // Else it may be a caregiver agreeing to alerts.
      if (await this.outcomes.confirmedByReply(from)) {
        reply.message(catalogue.sms.confirmed);
        // The inbox shows only "Confirmed a reminder": never which one.
        await inbound('confirmed');
      } else {
        const answer = await this.replies.tell(from, 'yes', language);
        if (answer) reply.message(answer);
        await inbound('text');
      }
    } else if (meaning?.kind === 'help') {
      reply.message(catalogue.sms.help(agency?.agency_name || agency?.name || catalogue.yourAgency, agency?.agency_phone ?? ''));
      await inbound('help');
    } else if (!meaning && words.trim()) {
      // Words of their own (no keyword, no confirmation): the agency's inbox, and a task to answer
      // them — unless they answer the client's own reminder, which stays the client's (docs/privacy.md).
      if (await inbound('text')) await this.replies.tellText(from);
    }
    // STOP and START replies are sent by the carrier itself; answer with empty TwiML.
    this.twiml(res, reply.toString());
  }
}
