import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import type { ClientBook } from '../members/book.js';
import { type MemberRole, roleMay } from '../members/roles.js';
import { CommissionSchedule } from './commission-schedule.entity.js';
import { CommissionsRepository, type PolicyCommissionRow } from './commissions.repository.js';
import type {
  CommissionMonthDto,
  CreateCommissionScheduleDto,
  PolicyCommissionsDto,
  UpdateCommissionScheduleDto,
} from './dto/commission.dto.js';
import type { ExpectedCommissionDto } from './dto/expected-commission.dto.js';
import { PolicyDto } from './dto/policy.dto.js';
import { PoliciesService } from './policies.service.js';
import type { Policy } from './policy.entity.js';

const SCHEDULE_TAKEN = 'The carrier already has a schedule for this plan type';
const NOT_FOUND = 'No such commission schedule';
/** At most this many months in one figure (ten years). */
const MAX_MONTHS = 120;

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const monthOf = (date: Date) => `${date.toISOString().slice(0, 7)}`;
const addMonths = (month: string, n: number) => {
  const [year, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, m - 1 + n, 1));
  return monthOf(date);
};
const monthsBetween = (from: string, to: string) => {
  const [y1, m1] = from.split('-').map(Number);
  const [y2, m2] = to.split('-').map(Number);
  return (y2 - y1) * 12 + (m2 - m1);
};

/** What a policy is expected to earn, as the policy's responses show it. */
export interface PolicyCommission {
  expectedCommission: ExpectedCommissionDto | null;
  paidCommissionCents: number;
}

/**
 * Commissions (issue 51, docs/policies.md "Commissions"): the agency's per-carrier schedules, what
 * each policy is expected to earn under them, and the figures of paid against expected. Statements
 * and their import are CommissionStatementsService's.
 */
@Injectable()
export class CommissionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: CommissionsRepository,
    private readonly policies: PoliciesService,
    private readonly log: AgencyLogService,
    private readonly clock: Clock,
  ) {}

  /** By carrier (whatever its case), the carrier's schedule for every type first. */
  async schedules(agencyId: string): Promise<CommissionSchedule[]> {
    const schedules = await this.em.find(CommissionSchedule, { broker: agencyId });
    const key = (s: CommissionSchedule) => `${s.carrier.toLowerCase()}\u0000${s.planType ?? ''}`;
    return schedules.sort((a, b) => key(a).localeCompare(key(b)));
  }

  async createSchedule(actor: Actor, input: CreateCommissionScheduleDto): Promise<CommissionSchedule> {
    return this.write(async (em) => {
      const schedule = em.create(CommissionSchedule, {
        broker: actor.agencyId,
        carrier: this.carrier(input.carrier),
        planType: input.planType ?? null,
        initialAnnualCents: input.initialAnnualCents,
        renewalAnnualCents: input.renewalAnnualCents,
      });
      this.log.record(em, actor, {
        action: 'commission_schedule_added',
        targetType: 'agency',
        targetId: actor.agencyId,
        summary: `Added the ${this.describe(schedule)} commission schedule: ${dollars(schedule.initialAnnualCents)} initial, ${dollars(schedule.renewalAnnualCents)} renewal a year`,
        after: this.facts(schedule),
      });
      return schedule;
    });
  }

  async updateSchedule(actor: Actor, id: string, input: UpdateCommissionScheduleDto): Promise<CommissionSchedule> {
    return this.write(async (em) => {
      const schedule = await this.find(em, actor.agencyId, id);
      const before = this.facts(schedule);
      if (input.carrier !== undefined) schedule.carrier = this.carrier(input.carrier);
      if (input.planType !== undefined) schedule.planType = input.planType;
      if (input.initialAnnualCents !== undefined) schedule.initialAnnualCents = input.initialAnnualCents;
      if (input.renewalAnnualCents !== undefined) schedule.renewalAnnualCents = input.renewalAnnualCents;
      this.log.record(em, actor, {
        action: 'commission_schedule_updated',
        targetType: 'agency',
        targetId: actor.agencyId,
        summary: `Changed the ${this.describe(schedule)} commission schedule`,
        before,
        after: this.facts(schedule),
      });
      return schedule;
    });
  }

  async removeSchedule(actor: Actor, id: string): Promise<CommissionSchedule> {
    return this.write(async (em) => {
      const schedule = await this.find(em, actor.agencyId, id);
      em.remove(schedule);
      this.log.record(em, actor, {
        action: 'commission_schedule_deleted',
        targetType: 'agency',
        targetId: actor.agencyId,
        summary: `Deleted the ${this.describe(schedule)} commission schedule`,
        before: this.facts(schedule),
      });
      return schedule;
    });
  }

  /** Policies as answered: with their commission for a member who sees commissions, with nulls for one who does not. */
  async present(policies: Policy[], role: MemberRole): Promise<PolicyDto[]> {
    if (!roleMay(role, 'commissions:read')) return policies.map((policy) => PolicyDto.from(policy, null));
    const commissions = await this.ofPolicies(policies);
    return policies.map((policy) => PolicyDto.from(policy, commissions.get(policy.id)));
  }

  /** What each policy is expected to earn this month (its kind and a twelfth of the year) and has been paid in all. */
  async ofPolicies(policies: Policy[]): Promise<Map<string, PolicyCommission>> {
    const rows = await this.repository.ofPolicies(policies.map((policy) => policy.id));
    const byId = new Map(rows.map((row) => [row.policy_id, row]));
    const now = this.clock.now().toISOString().slice(0, 10);
    return new Map(
      policies.map((policy) => {
        const row = byId.get(policy.id);
        return [
          policy.id,
          { expectedCommission: row ? this.expected(policy, row, now) : null, paidCommissionCents: Number(row?.paid_cents ?? 0) },
        ];
      }),
    );
  }

  /**
   * The kind a policy earns as of `today` (or as of its effective date when that is later): initial
   * in the calendar year it took effect — a Medicare plan year — and renewal after. A declined
   * policy earns nothing.
   */
  private expected(policy: Policy, row: PolicyCommissionRow, today: string): ExpectedCommissionDto | null {
    if (!row.schedule_id || policy.status === 'declined') return null;
    const effective = policy.effectiveDate ?? today;
    const asOf = effective > today ? effective : today;
    const kind = asOf.slice(0, 4) === effective.slice(0, 4) ? 'initial' : 'renewal';
    const annualCents = (kind === 'initial' ? row.initial_annual_cents : row.renewal_annual_cents) ?? 0;
    return { kind, annualCents, monthlyCents: Math.round(annualCents / 12), scheduleId: row.schedule_id };
  }

  /** A policy's paid against expected, in all and per month: from its first month (effective or paid) to this month or its end. */
  async policyCommissions(book: ClientBook, policyId: string): Promise<PolicyCommissionsDto> {
    const policy = await this.policies.get(book, policyId);
    const { expectedCommission } = (await this.ofPolicies([policy])).get(policy.id)!;
    const span = await this.repository.paidSpan(policy.id);
    const thisMonth = monthOf(this.clock.now());
    const starts = [policy.effectiveDate, span.first].filter((date): date is string => !!date).map((date) => date.slice(0, 7));
    const ends = [policy.terminationDate?.slice(0, 7) ?? thisMonth, span.last?.slice(0, 7)].filter((m): m is string => !!m);
    let to = ends.sort().at(-1)!;
    if (to > thisMonth && !(span.last && span.last.slice(0, 7) > thisMonth)) to = thisMonth;
    let from = starts.sort()[0] ?? to;
    if (from > to) from = to;
    if (monthsBetween(from, to) >= MAX_MONTHS) from = addMonths(to, -(MAX_MONTHS - 1));
    const months = (await this.repository.policyMonths(policy.id, `${from}-01`, `${to}-01`)).map((row) => ({
      month: row.month,
      kind: row.kind,
      expectedCents: row.expected_cents,
      paidCents: Number(row.paid_cents),
    }));
    return {
      policyId: policy.id,
      expectedCommission,
      expectedCents: months.reduce((sum, month) => sum + month.expectedCents, 0),
      paidCents: months.reduce((sum, month) => sum + month.paidCents, 0),
      months,
    };
  }

  /** The book's months, expected against paid (default: the last twelve). */
  async months(book: ClientBook, query: { from?: string; to?: string }): Promise<CommissionMonthDto[]> {
    const to = query.to ?? monthOf(this.clock.now());
    const from = query.from ?? addMonths(to, -11);
    if (from > to) throw new BadRequestException({ message: 'from must not be after to', field: 'from' });
    if (monthsBetween(from, to) >= MAX_MONTHS)
      throw new BadRequestException({ message: `At most ${MAX_MONTHS} months at once`, field: 'from' });
    return (await this.repository.months(book, `${from}-01`, `${to}-01`)).map((row) => ({
      month: row.month,
      expectedCents: Number(row.expected_cents),
      paidCents: Number(row.paid_cents),
      policiesExpected: row.policies_expected,
      policiesPaid: row.policies_paid,
      policiesUnpaid: row.policies_unpaid,
      unmatchedCents: Number(row.unmatched_cents),
    }));
  }

  private async write(change: (em: EntityManager) => Promise<CommissionSchedule>): Promise<CommissionSchedule> {
    try {
      return await this.em.transactional(async (em) => {
        const schedule = await change(em);
        await em.flush();
        return schedule;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new ConflictException({ message: SCHEDULE_TAKEN, field: 'carrier' });
      throw error;
    }
  }

  private async find(em: EntityManager, agencyId: string, id: string): Promise<CommissionSchedule> {
    const schedule = isUuid(id) ? await em.findOne(CommissionSchedule, { id, broker: agencyId }) : null;
    if (!schedule) throw new NotFoundException(NOT_FOUND);
    return schedule;
  }

  private carrier(text: string): string {
    const carrier = text.trim();
    if (!carrier) throw new BadRequestException({ message: 'carrier is required', field: 'carrier' });
    return carrier;
  }

  private describe(schedule: CommissionSchedule): string {
    return schedule.planType ? `${schedule.carrier} ${schedule.planType}` : schedule.carrier;
  }

  private facts(schedule: CommissionSchedule) {
    return {
      scheduleId: schedule.id,
      carrier: schedule.carrier,
      planType: schedule.planType ?? null,
      initialAnnualCents: schedule.initialAnnualCents,
      renewalAnnualCents: schedule.renewalAnnualCents,
    };
  }
}
