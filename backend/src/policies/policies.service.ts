import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { changedFields, factsOf } from '../agency-log/changes.js';
import type { Client } from '../clients/client.entity.js';
import { clientName } from '../clients/client-activity.js';
import { ClientsService } from '../clients/clients.service.js';
import { isUuid } from '../common/ids.js';
import { bookCondition, type ClientBook } from '../members/book.js';
import { Member } from '../members/member.entity.js';
import type { MemberRole } from '../members/roles.js';
import { SoaService } from '../soa/soa.service.js';
import type { CreatePolicyDto, UpdatePolicyDto } from './dto/policy.dto.js';
import { Policy } from './policy.entity.js';
import { applyPolicyInput, PolicyRefusal } from './policy-rules.js';

/** The fields an activity-log entry records of a policy (what a broker sells; no health data). */
const POLICY_FACTS = [
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
  'carrierMemberId',
  'writingMemberId',
  'soaId',
] as const;

const refuse = (field: string, message: string) => new BadRequestException({ message, field });

/**
 * A client's policies (issue 51, docs/policies.md): read and changed through the client's book, so
 * an agent kept to their own clients reaches only their policies, and another agency's id answers 404.
 */
@Injectable()
export class PoliciesService {
  constructor(
    private readonly em: EntityManager,
    private readonly clients: ClientsService,
    private readonly log: AgencyLogService,
    private readonly soas: SoaService,
  ) {}

  /** The client's policies: current ones first (by effective date, latest first), then ended ones. */
  async forClient(book: ClientBook, clientId: string): Promise<Policy[]> {
    const client = await this.clients.findOwned(book, clientId);
    const policies = await this.em.find(
      Policy,
      { client: client.id },
      { orderBy: { effectiveDate: 'desc nulls first', createdAt: 'desc' } },
    );
    const ended = (policy: Policy) => policy.status === 'terminated' || policy.status === 'declined';
    return [...policies.filter((policy) => !ended(policy)), ...policies.filter(ended)];
  }

  /**
   * The carriers of the book's policies (any status), for the client list's carrier filter: one
   * spelling per carrier whatever its case (the most used, then the one entered first), sorted by name.
   */
  async carriers(book: ClientBook): Promise<string[]> {
    const inBook = bookCondition(book);
    const rows = await this.em.execute<{ carrier: string }[]>(
      `select (array_agg(p.carrier order by n desc, first_at))[1] as carrier
         from (select p.carrier, count(*) as n, min(p.created_at) as first_at from policies p join clients c on c.id = p.client_id
                where p.broker_id = ? and ${inBook.sql} group by p.carrier) p
        group by lower(p.carrier)
        order by lower(p.carrier)`,
      [book.agencyId, ...inBook.params],
    );
    return rows.map((row) => row.carrier);
  }

  async get(book: ClientBook, id: string): Promise<Policy> {
    return this.findInBook(this.em, book, id);
  }

  /** Adds a policy; who wrote it defaults to the member adding it when they sell (an owner or an agent). */
  async create(book: ClientBook, actor: Actor, role: MemberRole, clientId: string, input: CreatePolicyDto): Promise<Policy> {
    return this.em.transactional(async (em) => {
      const client = await this.clients.findOwned(book, clientId, em);
      const policy = em.create(Policy, {
        broker: book.agencyId,
        client: client.id,
        carrier: input.carrier,
        planName: input.planName,
        planType: input.planType,
        writingMemberId: role === 'owner' || role === 'agent' ? actor.memberId : null,
      });
      await this.apply(em, book, policy, input);
      this.log.record(em, actor, {
        action: 'policy_added',
        targetType: 'client',
        targetId: client.id,
        summary: `Added ${clientName(client)}’s ${policy.carrier} policy ${policy.planName}`,
        after: { policyId: policy.id, ...factsOf(policy, POLICY_FACTS) },
      });
      await em.flush();
      return policy;
    });
  }

  /** Changes a policy: what is left out keeps its value; the policy as it will stand is checked whole. */
  async update(book: ClientBook, actor: Actor, id: string, input: UpdatePolicyDto): Promise<Policy> {
    return this.em.transactional(async (em) => {
      const policy = await this.findInBook(em, book, id, true);
      const before = factsOf(policy, POLICY_FACTS);
      await this.apply(em, book, policy, input);
      const change = changedFields(before, factsOf(policy, POLICY_FACTS));
      if (change) {
        const client = await this.clientOf(em, policy);
        this.log.record(em, actor, {
          action: 'policy_updated',
          targetType: 'client',
          targetId: policy.client,
          summary: `Changed ${clientName(client)}’s ${policy.carrier} policy ${policy.planName}`,
          before: { policyId: policy.id, ...change.before },
          after: { policyId: policy.id, ...change.after },
        });
      }
      await em.flush();
      return policy;
    });
  }

  async remove(book: ClientBook, actor: Actor, id: string): Promise<Policy> {
    return this.em.transactional(async (em) => {
      const policy = await this.findInBook(em, book, id, true);
      const client = await this.clientOf(em, policy);
      em.remove(policy);
      this.log.record(em, actor, {
        action: 'policy_deleted',
        targetType: 'client',
        targetId: policy.client,
        summary: `Deleted ${clientName(client)}’s ${policy.carrier} policy ${policy.planName}`,
        before: { policyId: policy.id, ...factsOf(policy, POLICY_FACTS) },
      });
      await em.flush();
      return policy;
    });
  }

  /** The policy with this id whose client is in the book, or 404; `lock` holds its row for a change. */
  private async findInBook(em: EntityManager, book: ClientBook, id: string, lock = false): Promise<Policy> {
    const inBook = bookCondition(book);
    const [row] = isUuid(id)
      ? await em.execute<{ id: string }[]>(
          `select p.id from policies p join clients c on c.id = p.client_id where p.id = ? and p.broker_id = ? and ${inBook.sql}
           ${lock ? 'for update of p' : ''}`,
          [id, book.agencyId, ...inBook.params],
        )
      : [];
    const policy = row && (await em.findOne(Policy, { id: row.id }, lock ? { refresh: true } : {}));
    if (!policy) throw new NotFoundException('Policy not found');
    return policy;
  }

  private clientOf(em: EntityManager, policy: Policy): Promise<Client> {
    return this.clients.findOwned({ agencyId: policy.broker, assignedTo: null }, policy.client, em);
  }

  /**
   * Writes the input over the policy and checks it as it will stand (`applyPolicyInput`, shared
   * with the CSV import), and a writing member who has joined the agency.
   */
  private async apply(em: EntityManager, book: ClientBook, policy: Policy, input: UpdatePolicyDto): Promise<void> {
    try {
      applyPolicyInput(policy, input);
    } catch (error) {
      if (error instanceof PolicyRefusal) throw refuse(error.field, error.message);
      throw error;
    }

    if (input.carrierMemberId !== undefined) policy.carrierMemberId = input.carrierMemberId?.trim() || null;

    if (input.writingMemberId) {
      const member = await em.findOne(Member, {
        id: input.writingMemberId,
        agencyId: book.agencyId,
        removedAt: null,
        invitationHash: null,
      });
      if (!member) throw refuse('writingMemberId', 'Choose a member of this agency who has joined');
      policy.writingMemberId = member.id;
    } else if (input.writingMemberId === null) policy.writingMemberId = null;

    if (input.soaId) {
      if (!(await this.soas.isSignedFor(book.agencyId, policy.client, input.soaId)))
        throw refuse('soaId', 'Choose a Scope of Appointment this client signed');
      policy.soaId = input.soaId;
    } else if (input.soaId === null) policy.soaId = null;
  }
}
