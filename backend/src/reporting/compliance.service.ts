import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';

import { Clock } from '../common/clock.js';
import { loadPdfKit } from '../common/pdfkit.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { allowedAt, ruleFor } from '../delivery/calling-rules.js';
import { clientTimeZone } from '../delivery/time-zones.js';
import { statesOf } from '../delivery/us-places.js';
import type { User } from '../users/user.entity.js';
import { ComplianceRepository } from './compliance.repository.js';
import type { ComplianceReportDto } from './dto/compliance.dto.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_DAYS = 90;
const MAX_DAYS = 400;
/** The days a report can cover: a date outside them is a typing slip (0000-01-01, 9999-12-31), not a period with data. */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2099-12-31';

const SOURCE_WORDS: Record<string, string> = {
  broker_added: 'Added by the broker (attested)',
  import: 'CSV import (attested)',
  invitation: 'Invitation',
  portal: 'Client in the portal',
  keyword: 'Keyword reply (STOP, START)',
  free_text: 'Reply in their own words',
  unsubscribe_link: 'Unsubscribe link',
  voice_keypress: 'Pressed 9 on a call',
  bounce: 'E-mail bounce',
  complaint: 'E-mail complaint',
  renewal: 'Renewal request',
  admin: 'Admin',
};

export const sourceWords = (source: string) => SOURCE_WORDS[source] ?? source;

/** One CSV cell, quoted; a cell a spreadsheet would read as a formula starts with a quote mark. */
function cell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * A broker's compliance report for a period (in the broker's time zone): who may be sent marketing,
 * by state; how permission was given and taken back; that no marketing went out after a
 * revocation or outside the calling hours where the client is; what was skipped and why; what was
 * sent. As JSON for the page, CSV and PDF. No health data.
 */
@Injectable()
export class ComplianceService {
  constructor(
    private readonly figures: ComplianceRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** The period asked for, whole days in the broker's zone: `from` and `to` inclusive, 90 days to today by default. */
  period(broker: Pick<User, 'timeZone'>, from?: string, to?: string): { from: DateTime; to: DateTime } {
    for (const [name, value] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (value !== undefined && (typeof value !== 'string' || !DAY.test(value) || !DateTime.fromISO(value).isValid)) {
        throw new BadRequestException({ message: `${name} must be a date as YYYY-MM-DD`, field: name });
      }
      if (value !== undefined && (value < FIRST_DAY || value > LAST_DAY)) {
        throw new BadRequestException({ message: `${name} must be a day from ${FIRST_DAY} to ${LAST_DAY}`, field: name });
      }
    }
    const zone = broker.timeZone;
    const end = to ? DateTime.fromISO(to, { zone }) : DateTime.fromJSDate(this.clock.now(), { zone }).startOf('day');
    const start = from ? DateTime.fromISO(from, { zone }) : end.minus({ days: DEFAULT_DAYS - 1 });
    if (start > end) throw new BadRequestException({ message: 'from must not be after to', field: 'from' });
    if (end.diff(start, 'days').days >= MAX_DAYS)
      throw new BadRequestException({ message: `The period may be at most ${MAX_DAYS} days`, field: 'from' });
    return { from: start, to: end };
  }

  async report(broker: User, from?: string, to?: string): Promise<ComplianceReportDto> {
    const period = this.period(broker, from, to);
    const start = period.from.toJSDate();
    const end = period.to.plus({ days: 1 }).toJSDate();
    const months = this.config.consent.marketingMonths;
    const [byState, bySource, after, skipped, sent, calls] = await Promise.all([
      this.figures.consentsByState(broker.id, months),
      this.figures.eventsBySource(broker.id, start, end),
      this.figures.sendsAfterRevocation(broker.id, start, end),
      this.figures.skippedByReason(broker.id, start, end),
      this.figures.marketingSent(broker.id, start, end),
      this.figures.marketingCallsAndTexts(broker.id, start, end),
    ]);
    const outside = calls.filter((row) => {
      const client = { timeZone: row.client_time_zone, zip: row.client_zip, state: row.client_state, phone: row.client_phone };
      const rule = ruleFor(statesOf({ ...client, phone: row.recipient }));
      return !allowedAt(new Date(row.sent_at), clientTimeZone(client, row.broker_time_zone), rule);
    }).length;
    return {
      from: period.from.toISODate()!,
      to: period.to.toISODate()!,
      agencyName: broker.agencyName || `${broker.firstName ?? ''} ${broker.lastName ?? ''}`.trim(),
      marketingMonths: months,
      consentsByState: byState,
      eventsBySource: bySource,
      revocations: {
        count: bySource.reduce((sum, row) => sum + row.revoked, 0),
        sendsAfterRevocation: after,
        honoured: 'At the next send: the ledger is asked before every message',
      },
      skippedByReason: skipped,
      marketingSent: sent,
      callingHours: { checked: calls.length, outside },
    };
  }

  /** The report as CSV: one section after another, each with its own header row. */
  csv(report: ComplianceReportDto): string {
    const rows: (string | number | null)[][] = [
      ['Compliance report', report.agencyName],
      ['Period', `${report.from} to ${report.to}`],
      [],
      ['Marketing permission by state (active clients now)', 'Granted', 'Revoked', 'Lapsed', 'Never given'],
      ...report.consentsByState.map((row) => [row.state ?? 'Not recorded', row.granted, row.revoked, row.expired, row.unknown]),
      [],
      ['Permission events by source', 'Given', 'Taken back'],
      ...report.eventsBySource.map((row) => [sourceWords(row.source), row.granted, row.revoked]),
      [],
      ['Revocations', report.revocations.count],
      ['Marketing sent after a revocation', report.revocations.sendsAfterRevocation],
      ['Revocations honoured', report.revocations.honoured],
      [],
      ['Not sent, by reason', 'Messages'],
      ...report.skippedByReason.map((row) => [row.reason, row.count]),
      [],
      ['Marketing sent and kept, by channel', 'Messages'],
      ...report.marketingSent.map((row) => [row.channel, row.count]),
      [],
      ['Marketing calls and texts checked against calling hours', report.callingHours.checked],
      ['Sent outside the calling hours', report.callingHours.outside],
    ];
    return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
  }

  /** The report as a printable PDF (US Letter). */
  async pdf(report: ComplianceReportDto): Promise<Buffer> {
    const PDFDocument = await loadPdfKit();
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 54,
      info: { Title: `Compliance report — ${report.agencyName}`, Author: report.agencyName || 'CareKeep' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    const heading = (text: string) =>
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#000000').text(text).font('Helvetica').fontSize(11);
    doc.font('Helvetica-Bold').fontSize(20).text('Compliance report');
    doc.font('Helvetica').fontSize(11).fillColor('#333333').text(report.agencyName);
    doc.text(`${report.from} to ${report.to} · marketing permission lapses after ${report.marketingMonths} months`);

    heading('Marketing permission by state (active clients now)');
    if (report.consentsByState.length === 0) doc.text('No active clients.');
    for (const row of report.consentsByState) {
      doc.text(
        `${row.state ?? 'State not recorded'}: ${row.granted} granted, ${row.revoked} revoked, ${row.expired} lapsed, ${row.unknown} never given`,
      );
    }
    heading('Permission events by source');
    if (report.eventsBySource.length === 0) doc.text('No events in the period.');
    for (const row of report.eventsBySource) doc.text(`${sourceWords(row.source)}: ${row.granted} given, ${row.revoked} taken back`);
    heading('Revocations');
    doc.text(
      `${report.revocations.count} recorded. Honoured ${report.revocations.honoured.charAt(0).toLowerCase()}${report.revocations.honoured.slice(1)}.`,
    );
    doc.text(`Marketing sent after a revocation: ${report.revocations.sendsAfterRevocation}`);
    heading('Calling hours');
    doc.text(
      `${report.callingHours.checked} marketing calls and texts sent; ${report.callingHours.outside} outside the calling hours where the client is.`,
    );
    heading('Not sent, by reason');
    if (report.skippedByReason.length === 0) doc.text('Nothing was skipped.');
    for (const row of report.skippedByReason) doc.text(`${row.reason}: ${row.count}`);
    heading('Marketing sent and kept');
    if (report.marketingSent.length === 0) doc.text('No marketing was sent in the period.');
    for (const row of report.marketingSent)
      doc.text(`${row.channel === 'sms' ? 'Texts' : row.channel === 'voice' ? 'Calls' : 'E-mails'}: ${row.count}`);
    doc.end();
    return done;
  }
}
