import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { Clock } from '../common/clock.js';
import type { Language } from '../common/language.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { InboxService } from '../inbox/inbox.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { type ClientBook, wholeBook } from '../members/book.js';
import { EMAIL_SENDER, type EmailSender } from '../messaging/messaging.ports.js';
import type { RetentionDto } from '../reporting/dto/retention.dto.js';
import { RetentionService } from '../reporting/retention.service.js';
import { DigestRepository } from './digest.repository.js';
import { composeDigest } from './digest-email.js';

export const WEEKLY_DIGEST_PURPOSE = 'weekly-digest';

const fullName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`;

/** Whom one digest goes to, and the book it is about. */
interface Recipient {
  book: ClientBook;
  email: string;
  firstName: string | null;
  language: Language;
  weekOf: string;
  forMember: boolean;
}

/**
 * The weekly digest: every Monday at 08:00 in the broker's time zone, one e-mail to each broker who
 * has it on (Settings) with the text conversations waiting longer than the agency's promise of a
 * reply, the clients newly at risk and why, permissions lapsed in the last week,
 * the next 30 days' turning-65s, birthdays and plan anniversaries, the last week's campaign results
 * and the retention trend. Sent once per broker and week (weekly_digests), whatever the number of
 * runs or instances. It names clients and never carries health data.
 *
 * In an agency that keeps agents to their own clients, each agent also gets the digest of the
 * clients assigned to them, at the same hour (member_weekly_digests); the agency's goes on as before.
 */
@Injectable()
export class DigestService implements OnApplicationBootstrap {
  private readonly logger = new Logger('WeeklyDigest');

  constructor(
    private readonly digests: DigestRepository,
    private readonly retention: RetentionService,
    private readonly inbox: InboxService,
    private readonly jobs: JobsService,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Sends the digests due at `now` (the Clock's time unless given); answers how many were sent. */
  async runDue(now = this.clock.now()): Promise<number> {
    let sent = 0;
    for (const broker of await this.digests.dueBrokers(now)) {
      if (!(await this.digests.claim(broker.id, broker.week_of, now))) continue;
      const recipient = { email: broker.email, firstName: broker.first_name, language: broker.language, weekOf: broker.week_of };
      try {
        await this.send({ ...recipient, book: wholeBook(broker.id), forMember: false }, now);
        sent += 1;
      } catch (error) {
        this.logger.warn({ err: error, brokerId: broker.id }, 'Weekly digest could not be sent');
        await this.digests.release(broker.id, broker.week_of);
      }
    }
    for (const member of await this.digests.dueMembers(now)) {
      if (!(await this.digests.claimMember(member.id, member.week_of, now))) continue;
      const recipient = { email: member.email, firstName: member.first_name, language: member.language, weekOf: member.week_of };
      try {
        await this.send({ ...recipient, book: { agencyId: member.agency_id, assignedTo: member.id }, forMember: true }, now);
        sent += 1;
      } catch (error) {
        this.logger.warn({ err: error, brokerId: member.agency_id, memberId: member.id }, 'Weekly digest could not be sent');
        await this.digests.releaseMember(member.id, member.week_of);
      }
    }
    return sent;
  }

  private async send(to: Recipient, now: Date): Promise<void> {
    const [atRisk, lapsed, upcoming, campaigns, retention, overdueTexts] = await Promise.all([
      this.digests.newlyAtRisk(to.book, now),
      this.digests.lapsedConsents(to.book, now, this.config.consent.marketingMonths),
      this.digests.upcoming(to.book, to.weekOf),
      this.digests.campaignResults(to.book, now),
      this.retentionOf(to.book, now),
      this.inbox.overdue(to.book, now),
    ]);
    const mail = composeDigest({
      language: to.language,
      brokerFirstName: to.firstName,
      weekOf: to.weekOf,
      appUrl: this.config.appUrl,
      newlyAtRisk: atRisk.map((row) => ({ name: fullName(row), score: row.risk_score, reasons: row.risk_reasons })),
      newlyAtRiskMore: Math.max(0, (atRisk[0]?.total ?? 0) - atRisk.length),
      lapsedConsents: lapsed.map((row) => ({ name: fullName(row), channel: row.channel, kind: row.kind })),
      upcoming: upcoming.map((row) => ({ name: fullName(row), kind: row.kind, day: row.day, years: row.years })),
      campaigns,
      retention,
      overdueTexts,
      forMember: to.forMember,
    });
    await this.email.sendEmail({ to: to.email, purpose: WEEKLY_DIGEST_PURPOSE, brokerId: to.book.agencyId, ...mail });
  }

  /** The retention figures, or none (the digest goes without its retention line) when they cannot be read. */
  private async retentionOf(book: ClientBook, now: Date): Promise<RetentionDto | null> {
    try {
      return await this.retention.forBook(book, now);
    } catch (error) {
      this.logger.warn({ err: error, brokerId: book.agencyId }, 'Retention could not be read for the weekly digest');
      return null;
    }
  }

  /** Every hour on the hour: each broker's Monday 08:00 comes in their own zone. */
  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('weekly-digest', '0 * * * *', () => this.runDue());
  }
}
