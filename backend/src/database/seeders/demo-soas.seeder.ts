import { createHash, randomBytes } from 'node:crypto';

import type { EntityManager } from '@mikro-orm/postgresql';

import { Client } from '../../clients/client.entity.js';
import type { Member } from '../../members/member.entity.js';
import { ScopeOfAppointment, type SoaDocument, SoaSignature, type SoaTrailEvent } from '../../soa/soa.entity.js';
import { documentSha256, renderSoaPdf, sha256 } from '../../soa/soa-pdf.js';
import { checkAppointment, soaRuleAt, validUntil } from '../../soa/soa-rules.js';
import type { User } from '../../users/user.entity.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const memberName = (member: Member) => [member.firstName, member.lastName].filter(Boolean).join(' ');

/**
 * The demo agency's Scopes of Appointment (docs/compliance.md#scope-of-appointment): Margaret
 * Hughes signed one ten days ago (its PDF and hashes made as a signature makes them), Dorothy
 * Simmons has one sent yesterday for an appointment in two days, and Betty Bryant opened hers
 * without signing yet. Nobody knows the pending ones' links: the agency sends them again.
 */
export async function seedDemoSoas(em: EntityManager, agency: User, members: Member[], now: Date): Promise<void> {
  const client = (firstName: string, lastName: string) => em.findOneOrFail(Client, { broker: agency.id, firstName, lastName });
  const margaret = await client('Margaret', 'Hughes');
  const dorothy = await client('Dorothy', 'Simmons');
  const betty = await client('Betty', 'Bryant');
  const at = (offset: number) => new Date(now.getTime() + offset);
  const unknownLink = () => createHash('sha256').update(randomBytes(32)).digest('hex');
  // Each client's own member holds the appointment.
  const agentOf = (who: Client) => members.find((member) => member.id === who.assignedMemberId) ?? members[0];
  const prepare = (who: Client, products: ScopeOfAppointment['products'], sentAt: Date, appointmentAt: Date, trail: SoaTrailEvent[]) => {
    const agent = agentOf(who);
    return em.create(ScopeOfAppointment, {
      brokerId: agency.id,
      clientId: who.id,
      preparedByMemberId: agent.id,
      agentMemberId: agent.id,
      agentName: memberName(agent),
      products,
      appointmentAt,
      method: 'phone',
      ruleId: soaRuleAt(appointmentAt).id,
      language: who.language,
      channel: 'sms',
      recipient: who.phone,
      tokenHash: unknownLink(),
      linkExpiresAt: new Date(Math.min(sentAt.getTime() + 7 * DAY, appointmentAt.getTime() + HOUR)),
      sentAt,
      openedAt: trail.find((step) => step.event === 'opened') ? new Date(trail.find((step) => step.event === 'opened')!.at) : null,
      trail: [
        { event: 'prepared', at: sentAt.toISOString(), memberId: agent.id },
        { event: 'sent', at: sentAt.toISOString(), channel: 'sms' },
        ...trail,
      ],
    });
  };

  // Signed: the appointment was the day after.
  const sentAt = at(-10 * DAY - 2 * HOUR);
  const signedAt = at(-10 * DAY);
  const appointmentAt = at(-9 * DAY);
  const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148';
  const signed = prepare(margaret, ['ma_mapd', 'pdp'], sentAt, appointmentAt, [
    { event: 'opened', at: at(-10 * DAY - 10 * 60_000).toISOString(), ip: '203.0.113.24', userAgent: phone },
    { event: 'signed', at: signedAt.toISOString(), ip: '203.0.113.24', userAgent: phone },
  ]);
  signed.status = 'signed';
  signed.signedAt = signedAt;
  const document: SoaDocument = {
    soaId: signed.id,
    agencyName: agency.agencyName,
    clientName: `${margaret.firstName} ${margaret.lastName}`,
    agentName: signed.agentName,
    products: signed.products,
    appointmentAt: appointmentAt.toISOString(),
    method: 'phone',
    timeZone: margaret.timeZone ?? agency.timeZone,
    language: margaret.language,
    ruleId: signed.ruleId,
    exception: null,
    signer: { name: `${margaret.firstName} ${margaret.lastName}`, role: 'beneficiary', relationship: null, signature: 'typed' },
    signedAt: signedAt.toISOString(),
    trail: signed.trail,
  };
  const contentHash = documentSha256(document);
  const pdf = await renderSoaPdf(document, null, contentHash);
  const check = checkAppointment(appointmentAt, signedAt, null);
  em.create(SoaSignature, {
    soaId: signed.id,
    brokerId: agency.id,
    clientId: margaret.id,
    signedAt,
    signerName: document.signer.name,
    signerRole: 'beneficiary',
    signatureKind: 'typed',
    ip: '203.0.113.24',
    userAgent: phone,
    document,
    documentSha256: contentHash,
    pdf,
    pdfSha256: sha256(pdf),
    earliestAppointmentAt: check.earliestAt,
    tooSoon: check.tooSoon,
    validUntil: validUntil(signedAt, check.rule),
  });

  // Waiting: one sent yesterday, one opened this morning.
  prepare(dorothy, ['ma_mapd'], at(-DAY), at(2 * DAY), []);
  prepare(betty, ['medigap', 'dental_vision_hearing'], at(-2 * DAY), at(4 * DAY), [
    { event: 'opened', at: at(-3 * HOUR).toISOString(), ip: '198.51.100.7', userAgent: phone },
  ]);
  await em.flush();
}
