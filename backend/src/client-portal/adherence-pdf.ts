import { DateTime } from 'luxon';
import PDFDocument from 'pdfkit';

import type { OccurrenceOutcome } from './adherence.js';
import type { AdherenceDto, HistoryItemDto } from './dto/medication.dto.js';

export interface AdherencePdfInput {
  clientName: string;
  agencyName: string;
  now: Date;
  summary: AdherenceDto;
  /** The last 90 days' occurrences, newest first. */
  history: HistoryItemDto[];
}

const OUTCOME_WORDS: Record<OccurrenceOutcome, string> = {
  confirmed: 'Confirmed',
  missed: 'Not confirmed',
  skipped: 'Not sent',
  waiting: 'Waiting for confirmation',
};
const CHANNEL_WORDS: Record<string, string> = { voice: 'Call', sms: 'Text' };

/** "86 % confirmed (12 of 14)", or why there is no figure yet. */
export function adherenceLine(figures: { confirmed: number; missed: number; skipped: number; percent: number | null }): string {
  if (figures.percent === null) return 'No reminder has ended yet';
  const skipped = figures.skipped ? `; ${figures.skipped} not sent` : '';
  return `${figures.percent} % confirmed (${figures.confirmed} of ${figures.confirmed + figures.missed}${skipped})`;
}

/**
 * The client's reminder history as a printable PDF (US Letter): the 30-day figures for all their
 * reminders and each one, then every occurrence of the last 90 days with how it went. Built with
 * PDFKit's standard fonts, in the client's time zone.
 */
export function renderAdherencePdf(input: AdherencePdfInput): Promise<Buffer> {
  const { summary } = input;
  const zone = summary.timeZone;
  const local = (iso: string) => DateTime.fromISO(iso, { zone });
  const day = (date: string) => DateTime.fromISO(date, { zone }).toFormat('LLL d, yyyy');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: `Medication reminder history — ${input.clientName}`, Author: input.agencyName || 'CareKeep' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text('Medication reminder history');
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(11).fillColor('#333333');
  doc.text(input.clientName);
  doc.text(`Prepared ${DateTime.fromJSDate(input.now, { zone }).toFormat('LLL d, yyyy')} · times in ${zone.replace(/_/g, ' ')}`);
  if (input.agencyName) doc.text(`Reminders from ${input.agencyName}`);
  doc.moveDown();

  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(`Last 30 days (${day(summary.from)} – ${day(summary.to)})`);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(`All reminders: ${adherenceLine(summary)}`);
  for (const reminder of summary.reminders) {
    const name = [reminder.medicationName, reminder.message].filter(Boolean).join(' — ') || 'Medication reminder';
    doc.text(`${name}: ${adherenceLine(reminder)}`, { indent: 12 });
  }
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(13).text('Every reminder of the last 90 days');
  doc.font('Helvetica').fontSize(10);
  if (input.history.length === 0) doc.text('No reminder was sent in the last 90 days.');
  for (const item of input.history) {
    const at = local(item.occurrenceAt).toFormat('ccc LLL d, yyyy h:mm a');
    const confirmedAt = item.confirmedAt ? ` at ${local(item.confirmedAt).toFormat('h:mm a')}` : '';
    const tries = item.attempts > 1 ? ` · ${item.attempts} tries` : '';
    const what = item.message || 'Medication reminder';
    doc.text(`${at} · ${CHANNEL_WORDS[item.channel] ?? item.channel} · ${what} · ${OUTCOME_WORDS[item.outcome]}${confirmedAt}${tries}`);
  }
  doc.moveDown();
  doc.fontSize(9).fillColor('#555555').text('Confirmed: the reminder was answered with 1 on the call or a reply of 1 or YES to the text.');
  doc.end();
  return done;
}
