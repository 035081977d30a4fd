import { createHash } from 'node:crypto';

import { Injectable, NotFoundException } from '@nestjs/common';
import { zipSync } from 'fflate';
import { DateTime } from 'luxon';

import { disclaimerOf, type TpmoSettings } from '../branding/tpmo.js';
import { Clock } from '../common/clock.js';
import { csvLine } from '../common/csv.js';
import { isUuid } from '../common/ids.js';
import { languageOf } from '../common/language.js';
import type { ClientBook } from '../members/book.js';
import { AuditPackRepository, type PackAgency, type PackBrandingChange } from './audit-pack.repository.js';

const TPMO_FIELDS = ['sellsPlans', 'tpmoOrganizations', 'tpmoPlans', 'tpmoDisclaimer'] as const;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const table = (header: string[], rows: (string | number | boolean | null | undefined)[][]) =>
  [csvLine(header), ...rows.map(csvLine)].join('');

/**
 * The agency's TPMO settings as they stood at `at`: for each field, the value the last branding
 * change before `at` set, else the value the first change after it found, else today's.
 */
export function tpmoSettingsAt(agency: PackAgency, changes: PackBrandingChange[], at: Date): TpmoSettings {
  const today: Record<(typeof TPMO_FIELDS)[number], unknown> = {
    sellsPlans: agency.sells_plans,
    tpmoOrganizations: agency.tpmo_organizations,
    tpmoPlans: agency.tpmo_plans,
    tpmoDisclaimer: agency.tpmo_disclaimer,
  };
  const settings = { ...today };
  for (const field of TPMO_FIELDS) {
    const before = changes.filter((change) => new Date(change.created_at) <= at && change.after && field in change.after).at(-1);
    const after = changes.find((change) => new Date(change.created_at) > at && change.before && field in change.before);
    if (before) settings[field] = before.after![field];
    else if (after) settings[field] = after.before![field];
  }
  return settings as unknown as TpmoSettings;
}

/**
 * One client's audit pack (issue 51, docs/compliance.md#the-audit-pack): a ZIP of what an auditor
 * asks for — the consent ledger with its evidence, the Scopes of Appointment with the signed PDFs,
 * every message the agency sent the client with the TPMO disclaimer as it stood then, the policies
 * and their history, the activity log about the client — and a manifest of each file's SHA-256.
 * Never health data: no medication, no reminder of the client's own, no caregiver's message.
 */
@Injectable()
export class AuditPackService {
  constructor(
    private readonly repository: AuditPackRepository,
    private readonly clock: Clock,
  ) {}

  async build(book: ClientBook, clientId: string): Promise<{ zip: Buffer; filename: string }> {
    const client = isUuid(clientId) ? await this.repository.client(book, clientId) : undefined;
    if (!client) throw new NotFoundException('Client not found');
    const agencyId = book.agencyId;
    const [agency, consent, messages, policies, events, soas, branding] = await Promise.all([
      this.repository.agency(agencyId),
      this.repository.consent(client.id),
      this.repository.messages(agencyId, client.id),
      this.repository.policies(client.id),
      this.repository.events(agencyId, client.id),
      this.repository.soas(agencyId, client.id),
      this.repository.brandingChanges(agencyId),
    ]);
    const now = this.clock.now();
    const name = `${client.first_name} ${client.last_name}`;
    const language = languageOf(client.language) ?? 'en';
    const files: Record<string, Uint8Array> = {};
    const add = (path: string, content: string | Buffer) => {
      files[path] = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    };

    add(
      'client.csv',
      table(
        ['id', 'firstName', 'lastName', 'phone', 'email', 'language', 'state', 'zip', 'active', 'addedAt', 'member'],
        [
          [
            client.id,
            client.first_name,
            client.last_name,
            client.phone,
            client.email,
            client.language,
            client.state,
            client.zip,
            client.is_active,
            iso(client.created_at),
            client.assigned_member,
          ],
        ],
      ),
    );
    add(
      'consent-ledger.csv',
      table(
        ['recordedAt', 'channel', 'purpose', 'given', 'source', 'evidence', 'recordedBy', 'ip'],
        consent.map((event) => [
          iso(event.recorded_at),
          event.channel,
          event.purpose,
          event.opted_in,
          event.source,
          event.evidence,
          event.actor,
          event.ip,
        ]),
      ),
    );
    add(
      'messages.csv',
      table(
        ['sentAt', 'kind', 'campaign', 'channel', 'recipient', 'status', 'subject', 'text', 'tpmoDisclaimerInForce'],
        messages.map((message) => [
          iso(message.sent_at),
          message.kind,
          message.campaign,
          message.channel,
          message.recipient,
          message.status,
          message.subject,
          message.body,
          // Reminders are not marketing: no disclaimer goes with them.
          message.kind === 'campaign' ? disclaimerOf(tpmoSettingsAt(agency, branding, new Date(message.sent_at)), language) : null,
        ]),
      ),
    );
    add(
      'policies.csv',
      table(
        [
          'id',
          'carrier',
          'planName',
          'planId',
          'planType',
          'medigapPlan',
          'status',
          'applicationDate',
          'effectiveDate',
          'terminationDate',
          'terminationReason',
          'premiumCents',
          'writingMember',
          'soaId',
        ],
        policies.map((policy) => [
          policy.id,
          policy.carrier,
          policy.plan_name,
          policy.plan_id,
          policy.plan_type,
          policy.medigap_plan,
          policy.status,
          policy.application_date,
          policy.effective_date,
          policy.termination_date,
          policy.termination_reason,
          policy.premium_cents,
          policy.writing_member,
          policy.soa_id,
        ]),
      ),
    );
    const eventRows = (only?: (action: string) => boolean) =>
      events
        .filter((event) => !only || only(event.action))
        .map((event) => [
          iso(event.created_at),
          event.action,
          event.member,
          event.summary,
          json(event.before),
          json(event.after),
          event.ip,
        ]);
    const eventHeader = ['at', 'action', 'member', 'summary', 'before', 'after', 'ip'];
    add(
      'policy-history.csv',
      table(
        eventHeader,
        eventRows((action) => action.startsWith('policy_')),
      ),
    );
    add('activity-log.csv', table(eventHeader, eventRows()));
    add(
      'scopes-of-appointment.csv',
      table(
        [
          'id',
          'status',
          'products',
          'appointmentAt',
          'method',
          'agent',
          'rule',
          'exception',
          'sentBy',
          'sentAt',
          'openedAt',
          'signedAt',
          'cancelledAt',
          'signer',
          'signerRole',
          'relationship',
          'validUntil',
          'contentSha256',
          'pdfSha256',
          'pdf',
        ],
        soas.map((soa) => [
          soa.id,
          soa.status,
          soa.products.join(' '),
          iso(soa.appointment_at),
          soa.method,
          soa.agent_name,
          soa.rule_id,
          soa.exception,
          soa.channel,
          iso(soa.sent_at),
          iso(soa.opened_at),
          iso(soa.signed_at),
          iso(soa.cancelled_at),
          soa.signer_name,
          soa.signer_role,
          soa.relationship,
          iso(soa.valid_until),
          soa.document_sha256,
          soa.pdf_sha256,
          soa.pdf ? soaPdfPath(soa.id, soa.signed_at!) : null,
        ]),
      ),
    );
    for (const soa of soas) if (soa.pdf) add(soaPdfPath(soa.id, soa.signed_at!), soa.pdf);

    const manifest = Object.entries(files).map(([path, bytes]) => [
      path,
      bytes.byteLength,
      createHash('sha256').update(bytes).digest('hex'),
    ]);
    add('manifest.csv', table(['file', 'bytes', 'sha256'], manifest));
    add(
      'README.txt',
      [
        `Audit pack: ${name}`,
        `Agency: ${agency.agency_name || '—'}`,
        `Made: ${now.toISOString()}`,
        '',
        'client.csv                  the client as the agency keeps them',
        'consent-ledger.csv          every permission given or taken back, with its source and evidence',
        'messages.csv                every campaign message (as sent) and reminder sent to the client, with the TPMO disclaimer in force when each campaign message went',
        'policies.csv                the client’s policies; policy-history.csv every change to them',
        'scopes-of-appointment.csv   each Scope of Appointment and its trail; the signed ones as PDFs in scopes-of-appointment/',
        'activity-log.csv            everything the agency’s activity log holds about the client',
        'manifest.csv                each file’s size and SHA-256',
        '',
        'No health information: the client’s medications and their own reminders are not in this pack.',
        '',
      ].join('\r\n'),
    );
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, [bytes, { mtime: now }]])), { level: 6 });
    const day = DateTime.fromJSDate(now, { zone: agency.time_zone || 'America/New_York' }).toISODate();
    const slug = name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'client';
    return { zip: Buffer.from(zip), filename: `audit-pack-${slug}-${day}.zip` };
  }
}

function soaPdfPath(id: string, signedAt: string): string {
  return `scopes-of-appointment/${new Date(signedAt).toISOString().slice(0, 10)}-${id}.pdf`;
}
