import type { UpdatePolicyDto } from './dto/policy.dto.js';
import { normalizePlanId, planIdProblem } from './plan-id.js';
import type { MedigapPlan, PolicyStatus, PolicyType, TerminationReason } from './policy.entity.js';

/** A policy's own fields, as the rules check them: a Policy row, or one a CSV row will become. */
export interface PolicyFields {
  carrier: string;
  planName: string;
  planId?: string | null;
  planType: PolicyType;
  medigapPlan?: MedigapPlan | null;
  status: PolicyStatus;
  applicationDate?: string | null;
  effectiveDate?: string | null;
  terminationDate?: string | null;
  terminationReason?: TerminationReason | null;
  premiumCents?: number | null;
}

/** A policy refused by its rules: the field to blame and why, as the API's 400 and the import's row error say it. */
export class PolicyRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Writes the input over the policy and checks it as it will stand (docs/policies.md): a carrier and
 * a plan name, a plan ID of the right form for its type, a Medigap letter for Medigap alone, a
 * terminated policy's date, not before the effective date. A field that no longer applies (a plan
 * ID once the type is Medigap, a termination once reinstated) is cleared unless it was just sent.
 * Throws PolicyRefusal. The policies API and the CSV import both go through it; whether the writing
 * member has joined is the caller's to check (it needs the database).
 */
export function applyPolicyInput(policy: PolicyFields, input: UpdatePolicyDto): void {
  if (input.carrier !== undefined) policy.carrier = input.carrier.trim();
  if (input.planName !== undefined) policy.planName = input.planName.trim();
  if (!policy.carrier) throw new PolicyRefusal('carrier', 'carrier is required');
  if (!policy.planName) throw new PolicyRefusal('planName', 'planName is required');
  if (input.planType !== undefined) policy.planType = input.planType;
  if (input.status !== undefined) policy.status = input.status;
  for (const field of [
    'applicationDate',
    'effectiveDate',
    'terminationDate',
    'terminationReason',
    'premiumCents',
    'medigapPlan',
  ] as const) {
    if (input[field] !== undefined) (policy as unknown as Record<string, unknown>)[field] = input[field];
  }

  if (input.planId !== undefined) {
    const planId = input.planId === null || input.planId.trim() === '' ? null : normalizePlanId(input.planId);
    if (planId === undefined) throw new PolicyRefusal('planId', 'planId must be a CMS plan ID such as H1234-001-000');
    policy.planId = planId;
  }
  if (policy.planId) {
    const problem = planIdProblem(policy.planId, policy.planType);
    if (problem && input.planId === undefined && input.planType !== undefined) policy.planId = null;
    else if (problem) throw new PolicyRefusal('planId', problem);
  }

  if (policy.planType === 'medigap' && !policy.medigapPlan) throw new PolicyRefusal('medigapPlan', 'Choose the Medigap plan’s letter');
  if (policy.planType !== 'medigap' && policy.medigapPlan) {
    if (input.medigapPlan) throw new PolicyRefusal('medigapPlan', 'Only a Medigap policy has a plan letter');
    policy.medigapPlan = null;
  }

  if (policy.status === 'terminated') {
    if (!policy.terminationDate) throw new PolicyRefusal('terminationDate', 'Give the date the terminated policy ended');
    policy.terminationReason ??= 'other';
  } else if (policy.terminationDate || policy.terminationReason) {
    if (input.terminationDate || input.terminationReason)
      throw new PolicyRefusal(
        input.terminationDate ? 'terminationDate' : 'terminationReason',
        'Only a terminated policy has a termination',
      );
    policy.terminationDate = null;
    policy.terminationReason = null;
  }
  if (policy.effectiveDate && policy.terminationDate && policy.terminationDate < policy.effectiveDate)
    throw new PolicyRefusal('terminationDate', 'A policy cannot end before its effective date');
}
