import { createHash } from 'node:crypto';

import { DateTime } from 'luxon';

import { loadPdfKit } from '../common/pdfkit.js';
import type { SoaDocument } from './soa.entity.js';
import { SOA_PRODUCTS, soaRuleById } from './soa-rules.js';
import { soaWordsFor } from './soa-words.js';

/** The box a drawn signature is drawn in, in its own units. */
export const SIGNATURE_BOX = { width: 600, height: 200 };
const MAX_POINTS = 4_000;

/**
 * A drawn signature's path data made safe to keep and draw: only "M x y" and "L x y" steps, each
 * point inside the box, numbers rounded to a tenth; null when it is anything else or draws nothing.
 */
export function normalizeDrawnPath(path: string): string | null {
  const tokens = path
    .trim()
    .split(/[\s,]+|(?=[MLml])|(?<=[MLml])/)
    .filter(Boolean);
  const steps: string[] = [];
  let index = 0;
  while (index < tokens.length) {
    const command = tokens[index];
    if (command !== 'M' && command !== 'L') return null;
    const x = Number(tokens[index + 1]);
    const y = Number(tokens[index + 2]);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
    const clamp = (value: number, max: number) => Math.round(Math.min(Math.max(value, 0), max) * 10) / 10;
    steps.push(`${command}${clamp(x, SIGNATURE_BOX.width)} ${clamp(y, SIGNATURE_BOX.height)}`);
    index += 3;
    if (steps.length > MAX_POINTS) return null;
  }
  if (steps[0]?.[0] !== 'M' || !steps.some((step) => step.startsWith('L'))) return null;
  return steps.join(' ');
}

/** The SHA-256 of what was signed: the document's JSON with its keys in a fixed order. */
export function documentSha256(document: SoaDocument): string {
  return sha256(Buffer.from(canonicalJson(document)));
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The signed SOA as a PDF (US Letter), in the client's language: the topics checked and not, the
 * statements, who signed and how (the typed name, or the drawn signature), the rule applied, the
 * audit trail, and the SHA-256 of the signed content. Its dates are the signature's, so the same
 * signature always makes the same document.
 */
export async function renderSoaPdf(document: SoaDocument, drawnSignature: string | null, contentSha256: string): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const W = soaWordsFor(document.language);
  const zone = document.timeZone;
  const when = (iso: string) => DateTime.fromISO(iso, { zone }).setLocale(W.locale).toFormat(W.dateTimeFormat);
  const signedAt = new Date(document.signedAt);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: `${W.title} — ${document.clientName}`,
      Author: document.agencyName || 'CareKeep',
      CreationDate: signedAt,
      ModDate: signedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const field = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };

  doc.font('Helvetica-Bold').fontSize(18).text(W.title);
  doc.moveDown(0.5).fontSize(11);
  field(W.labels.agency, document.agencyName);
  field(W.labels.beneficiary, document.clientName);
  field(W.labels.agent, document.agentName);
  field(W.labels.appointment, when(document.appointmentAt));
  field(W.labels.method, W.methods[document.method]);
  doc.moveDown(0.6);

  doc.font('Helvetica').text(W.intro);
  doc.moveDown(0.4);
  for (const product of SOA_PRODUCTS) {
    const checked = document.products.includes(product);
    const x = doc.x;
    const y = doc.y + 1;
    doc.rect(x, y, 10, 10).lineWidth(1).stroke();
    if (checked)
      doc
        .moveTo(x + 2, y + 5)
        .lineTo(x + 4.5, y + 8)
        .lineTo(x + 8.5, y + 2)
        .lineWidth(1.5)
        .stroke();
    doc.font(checked ? 'Helvetica-Bold' : 'Helvetica').text(W.products[product], x + 18, doc.y);
    doc.x = x;
    doc.moveDown(0.2);
  }
  doc.moveDown(0.5).font('Helvetica');
  for (const statement of W.statements) doc.text(`• ${statement}`).moveDown(0.2);
  doc.moveDown(0.6);

  const { signer } = document;
  field(W.labels.signedBy, `${signer.name} (${W.roles[signer.role]})`);
  if (signer.relationship) field(W.labels.relationship, signer.relationship);
  field(W.labels.signature, signer.signature === 'drawn' ? W.labels.drawnSignature : W.labels.typedSignature);
  const top = doc.y + 4;
  const box = { width: 240, height: 80 };
  doc.rect(doc.x, top, box.width, box.height).lineWidth(0.5).strokeColor('#888888').stroke().strokeColor('#000000');
  if (signer.signature === 'drawn' && drawnSignature) {
    const scale = Math.min(box.width / SIGNATURE_BOX.width, box.height / SIGNATURE_BOX.height);
    doc.save().translate(doc.x, top).scale(scale).path(drawnSignature).lineWidth(3).lineCap('round').lineJoin('round').stroke().restore();
  } else {
    doc
      .font('Helvetica-Oblique')
      .fontSize(22)
      .text(signer.name, doc.x + 10, top + 28, { width: box.width - 20, lineBreak: false });
    doc.x = 54;
  }
  doc.y = top + box.height + 8;
  doc.fontSize(11);
  field(W.labels.signedAt, when(document.signedAt));
  const rule = soaRuleById(document.ruleId);
  field(
    W.labels.validUntil,
    DateTime.fromJSDate(signedAt, { zone })
      .plus({ months: rule?.validMonths ?? 12 })
      .setLocale(W.locale)
      .toFormat(W.dayFormat),
  );
  field(W.labels.rule, rule ? rule.source : document.ruleId);
  if (document.exception) field(W.labels.exception, W.exceptions[document.exception]);
  doc.moveDown(0.6);

  doc.font('Helvetica-Bold').fontSize(12).text(W.labels.trail);
  doc.font('Helvetica').fontSize(9);
  for (const step of document.trail) {
    const where = [step.ip, step.userAgent].filter(Boolean).join(' · ');
    doc.text(`${when(step.at)} — ${W.trailEvents[step.event]}${step.channel ? ` (${step.channel})` : ''}${where ? ` — ${where}` : ''}`);
  }
  doc.moveDown(0.4);
  field(W.labels.documentHash, contentSha256);
  doc.end();
  return done;
}
