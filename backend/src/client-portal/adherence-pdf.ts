import { DateTime } from 'luxon';

import { type Messages, messagesFor } from '../common/messages/index.js';
import { loadPdfKit } from '../common/pdfkit.js';
import type { AdherenceDto, HistoryItemDto } from './dto/medication.dto.js';

export interface AdherencePdfInput {
  clientName: string;
  agencyName: string;
  now: Date;
  summary: AdherenceDto;
  /** The last 90 days' occurrences, newest first. */
  history: HistoryItemDto[];
  /** The client's language (`en` or `es`). */
  language?: string | null;
}

/** "86 % confirmed (12 of 14)", or why there is no figure yet, in the client's language. */
export function adherenceLine(
  figures: { confirmed: number; missed: number; skipped: number; percent: number | null },
  words: Messages['pdf'] = messagesFor('en').pdf,
): string {
  if (figures.percent === null) return words.noFigure;
  const skipped = figures.skipped ? `; ${words.notSent(figures.skipped)}` : '';
  return `${words.confirmedShare(figures.percent, figures.confirmed, figures.confirmed + figures.missed)}${skipped}`;
}

/**
 * The client's reminder history as a printable PDF (US Letter): the 30-day figures for all their
 * reminders and each one, then every occurrence of the last 90 days with how it went. Built with
 * PDFKit's standard fonts, in the client's time zone and language.
 */
export async function renderAdherencePdf(input: AdherencePdfInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const { summary } = input;
  const messages = messagesFor(input.language);
  const W = messages.pdf;
  const zone = summary.timeZone;
  const local = (iso: string) => DateTime.fromISO(iso, { zone, locale: messages.locale });
  const day = (date: string) => local(date).toFormat(W.dayFormat);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: W.documentTitle(input.clientName), Author: input.agencyName || 'CareKeep' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(W.title);
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(11).fillColor('#333333');
  doc.text(input.clientName);
  doc.text(W.prepared(DateTime.fromJSDate(input.now, { zone }).setLocale(messages.locale).toFormat(W.dayFormat), zone.replace(/_/g, ' ')));
  if (input.agencyName) doc.text(W.remindersFrom(input.agencyName));
  doc.moveDown();

  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(W.last30(day(summary.from), day(summary.to)));
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(W.allReminders(adherenceLine(summary, W)));
  for (const reminder of summary.reminders) {
    const name = [reminder.medicationName, reminder.message].filter(Boolean).join(' — ') || W.medicationReminder;
    doc.text(`${name}: ${adherenceLine(reminder, W)}`, { indent: 12 });
  }
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(13).text(W.last90);
  doc.font('Helvetica').fontSize(10);
  if (input.history.length === 0) doc.text(W.none90);
  for (const item of input.history) {
    const at = local(item.occurrenceAt).toFormat(W.occurrenceFormat);
    const confirmedAt = item.confirmedAt ? W.confirmedAt(local(item.confirmedAt).toFormat(W.timeFormat)) : '';
    const tries = item.attempts > 1 ? ` · ${W.tries(item.attempts)}` : '';
    const what = item.message || W.medicationReminder;
    doc.text(`${at} · ${W.channels[item.channel] ?? item.channel} · ${what} · ${W.outcomes[item.outcome]}${confirmedAt}${tries}`);
  }
  doc.moveDown();
  doc.fontSize(9).fillColor('#555555').text(W.footnote);
  doc.end();
  return done;
}
