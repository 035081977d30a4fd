import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, PrimaryKey, Property, Trigger, Unique } from '@mikro-orm/decorators/legacy';

import { timeOrderedUuid } from '../common/ids.js';
import type { Language } from '../common/language.js';
import { SOA_EXCEPTIONS, SOA_METHODS, SOA_PRODUCTS, type SoaException, type SoaMethod, type SoaProduct } from './soa-rules.js';

export const SOA_STATUSES = ['sent', 'signed', 'cancelled'] as const;
export type SoaStatus = (typeof SOA_STATUSES)[number];

export const SOA_CHANNELS = ['sms', 'email'] as const;
export type SoaChannel = (typeof SOA_CHANNELS)[number];

export const SIGNER_ROLES = ['beneficiary', 'representative'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];

export const SIGNATURE_KINDS = ['typed', 'drawn'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

/** One step of an SOA's trail: prepared, sent, opened, resent, signed, cancelled; missed: the appointment passed unsigned (a task was made). */
export interface SoaTrailEvent {
  event: 'prepared' | 'sent' | 'opened' | 'resent' | 'signed' | 'cancelled' | 'missed';
  at: string;
  memberId?: string | null;
  channel?: SoaChannel;
  ip?: string | null;
  userAgent?: string | null;
}

const listed = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** An SOA that is signed, or a signature, is evidence: kept as it is for ten years (docs/compliance.md). */
export const SOA_EVIDENCE_KEPT = 'A signed Scope of Appointment is evidence and is never changed or deleted';

/**
 * A Scope of Appointment (issue 51, docs/compliance.md): what the agent and the client agree to
 * discuss at an appointment, sent to the client as a single-use link and signed there. No foreign
 * keys to the client or the agency: a signed SOA is kept ten years, whatever happens to either.
 * Once signed, only its trail is complete; the signature and its PDF are in `soa_signatures`.
 */
@Entity({ tableName: 'soas' })
@Index({ name: 'soas_broker_client_idx', properties: ['brokerId', 'clientId', 'createdAt'] })
@Index({ name: 'soas_broker_status_idx', properties: ['brokerId', 'status', 'appointmentAt'] })
@Unique({ name: 'soas_token_hash_unique', properties: ['tokenHash'] })
@Check({ name: 'soas_status_known', expression: `status in (${listed(SOA_STATUSES)})` })
@Check({ name: 'soas_method_known', expression: `method in (${listed(SOA_METHODS)})` })
@Check({ name: 'soas_channel_known', expression: `channel in (${listed(SOA_CHANNELS)})` })
@Check({ name: 'soas_exception_known', expression: `exception in (${listed(SOA_EXCEPTIONS)})` })
@Check({ name: 'soas_products_known', expression: `products <@ array[${listed(SOA_PRODUCTS)}]::text[] and cardinality(products) > 0` })
@Trigger({
  name: 'signed_kept',
  timing: 'before',
  events: ['delete'],
  forEach: 'row',
  body: `if old.status = 'signed' then raise exception '${SOA_EVIDENCE_KEPT}'; end if; return old;`,
})
export class ScopeOfAppointment {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'status';

  @PrimaryKey({ type: 'uuid' })
  id: string = timeOrderedUuid();

  /** The agency. */
  @Property({ type: 'uuid' })
  brokerId!: string;

  @Property({ type: 'uuid' })
  clientId!: string;

  /** Who prepared it, and the agent who holds the appointment (with their name as it was). */
  @Property({ type: 'uuid', nullable: true })
  preparedByMemberId?: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  agentMemberId?: string | null = null;

  @Property({ type: 'text' })
  agentName!: string;

  @Property({ type: 'text[]' })
  products!: SoaProduct[];

  @Property({ type: 'timestamptz' })
  appointmentAt!: Date;

  @Property({ type: 'text' })
  method!: SoaMethod;

  /** Why the appointment may come sooner than the rule's wait, as the broker said. */
  @Property({ type: 'text', nullable: true })
  exception?: SoaException | null = null;

  /** The rule in force on the appointment's day when it was prepared (soa-rules.ts). */
  @Property({ type: 'text' })
  ruleId!: string;

  @Property({ type: 'text' })
  language!: Language;

  @Property({ type: 'text' })
  channel!: 'sms' | 'email';

  /** The phone number or e-mail address the link went to. */
  @Property({ type: 'text' })
  recipient!: string;

  @Property({ type: 'text', default: 'sent' })
  status: SoaStatus = 'sent';

  /** SHA-256 of the current link's secret (the secret itself is only in the message); kept once signed or cancelled, so the link says so. */
  @Property({ type: 'text', nullable: true })
  tokenHash?: string | null = null;

  @Property({ type: 'timestamptz' })
  linkExpiresAt!: Date;

  @Property({ type: 'timestamptz' })
  sentAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  openedAt?: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  signedAt?: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt?: Date | null = null;

  @Property({ type: 'jsonb' })
  trail: SoaTrailEvent[] = [];

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** What was signed, as the PDF shows it: kept with the signature and hashed. */
export interface SoaDocument {
  soaId: string;
  agencyName: string;
  clientName: string;
  agentName: string;
  products: SoaProduct[];
  appointmentAt: string;
  method: SoaMethod;
  timeZone: string;
  language: Language;
  ruleId: string;
  exception: SoaException | null;
  signer: { name: string; role: SignerRole; relationship: string | null; signature: SignatureKind };
  signedAt: string;
  trail: SoaTrailEvent[];
}

/**
 * The signature of an SOA and its evidence: who signed, how, from where, the document as signed
 * with its SHA-256, and the PDF made of it with its own SHA-256. Written once, in the signing's
 * transaction; never changed or deleted (the trigger refuses both).
 */
@Entity({ tableName: 'soa_signatures' })
@Index({ name: 'soa_signatures_broker_client_idx', properties: ['brokerId', 'clientId', 'signedAt'] })
@Check({ name: 'soa_signatures_role_known', expression: `signer_role in (${listed(SIGNER_ROLES)})` })
@Check({ name: 'soa_signatures_kind_known', expression: `signature_kind in (${listed(SIGNATURE_KINDS)})` })
@Trigger({
  name: 'evidence_kept',
  timing: 'before',
  events: ['update', 'delete'],
  forEach: 'row',
  body: `raise exception '${SOA_EVIDENCE_KEPT} (% refused)', tg_op using hint = 'Prepare a new Scope of Appointment instead.';`,
})
export class SoaSignature {
  @PrimaryKey({ type: 'uuid' })
  soaId!: string;

  @Property({ type: 'uuid' })
  brokerId!: string;

  @Property({ type: 'uuid' })
  clientId!: string;

  @Property({ type: 'timestamptz' })
  signedAt!: Date;

  @Property({ type: 'text' })
  signerName!: string;

  @Property({ type: 'text' })
  signerRole!: SignerRole;

  @Property({ type: 'text', nullable: true })
  relationship?: string | null = null;

  @Property({ type: 'text' })
  signatureKind!: SignatureKind;

  /** A drawn signature as SVG path data in a 600 × 200 box. */
  @Property({ type: 'text', nullable: true })
  drawnSignature?: string | null = null;

  @Property({ type: 'text', nullable: true })
  ip?: string | null = null;

  @Property({ type: 'text', nullable: true })
  userAgent?: string | null = null;

  @Property({ type: 'jsonb' })
  document!: SoaDocument;

  @Property({ type: 'text' })
  documentSha256!: string;

  @Property({ type: 'blob', lazy: true })
  pdf!: Buffer;

  @Property({ type: 'text' })
  pdfSha256!: string;

  /** The earliest the appointment may be held under the rule, and whether the one set is sooner (with no exception). */
  @Property({ type: 'timestamptz' })
  earliestAppointmentAt!: Date;

  @Property({ type: 'boolean' })
  tooSoon!: boolean;

  @Property({ type: 'timestamptz' })
  validUntil!: Date;
}
