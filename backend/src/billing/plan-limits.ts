import {
  APPROACHING_FROM,
  clientsOverLimit,
  FLAT_CLIENT_LIMIT,
  FLAT_GRACE_CLIENTS,
  formatCents,
  OVERAGE_PER_CLIENT_CENTS,
  overageCents,
  PMPM_PER_CLIENT_CENTS,
  pmpmCents,
  priceText,
  type Tier,
} from './pricing.js';

export type WarningLevel = 'none' | 'approaching' | 'soft' | 'blocked';

export interface UpgradeOption {
  type: 'overage' | 'pmpm' | 'manage';
  title: string;
  description: string;
  /** Cents per month at the current number of active clients. */
  estimatedCost: number;
}

export interface ClientUsage {
  tier: Tier;
  activeCount: number;
  totalCount: number;
  /** null: no limit (pmpm). */
  limit: number | null;
  overageEnabled: boolean;
  warningLevel: WarningLevel;
  upgradeOptions: UpgradeOption[];
}

/** Most active clients a flat broker without overage may have: the limit plus the 5 % grace. */
export const FLAT_HARD_CAP = FLAT_CLIENT_LIMIT + FLAT_GRACE_CLIENTS;

/** Whether the plan limits the active clients: flat without overage. */
export function hasClientLimit(tier: Tier, overageEnabled: boolean): boolean {
  return tier === 'flat' && !overageEnabled;
}

/** How many more active clients may be added now (Infinity when unlimited). */
export function remainingCapacity(tier: Tier, activeCount: number, overageEnabled: boolean): number {
  if (!hasClientLimit(tier, overageEnabled)) return Number.POSITIVE_INFINITY;
  return Math.max(0, FLAT_HARD_CAP - activeCount);
}

/**
 * Flat tier without overage: approaching at 90–99 active clients, soft at 100–104 (the limit used up,
 * the grace still open), blocked from 105 on, exactly when remainingCapacity is 0 and adding is refused.
 * With overage enabled, or on pmpm, there is no limit and no warning.
 */
export function warningLevel(tier: Tier, activeCount: number, overageEnabled: boolean): WarningLevel {
  if (tier === 'pmpm' || overageEnabled) return 'none';
  if (remainingCapacity(tier, activeCount, overageEnabled) < 1) return 'blocked';
  if (activeCount >= FLAT_CLIENT_LIMIT) return 'soft';
  if (activeCount >= APPROACHING_FROM) return 'approaching';
  return 'none';
}

export function upgradeOptions(tier: Tier, activeCount: number, overageEnabled: boolean): UpgradeOption[] {
  if (tier === 'pmpm') return [];
  const options: UpgradeOption[] = [];
  if (!overageEnabled) {
    const over = clientsOverLimit(activeCount);
    options.push({
      type: 'overage',
      title: 'Enable Overage Billing',
      description: `Keep adding clients beyond ${FLAT_CLIENT_LIMIT} for ${priceText(OVERAGE_PER_CLIENT_CENTS)} per client per month${
        over ? ` (${over} over today: ${formatCents(overageCents(activeCount))}/month)` : ''
      }.`,
      estimatedCost: overageCents(activeCount),
    });
  }
  options.push(
    {
      type: 'pmpm',
      title: 'Switch to Per-Client Pricing',
      description: `${priceText(PMPM_PER_CLIENT_CENTS)} per active client per month with no client limit (${formatCents(pmpmCents(activeCount))}/month today).`,
      estimatedCost: pmpmCents(activeCount),
    },
    {
      type: 'manage',
      title: 'Manage Active Clients',
      description: 'Deactivate clients you no longer serve to free up room under your limit.',
      estimatedCost: 0,
    },
  );
  return options;
}

export function clientUsage(input: { tier: Tier; activeCount: number; totalCount: number; overageEnabled: boolean }): ClientUsage {
  const { tier, activeCount, overageEnabled } = input;
  return {
    tier,
    activeCount,
    totalCount: input.totalCount,
    limit: tier === 'pmpm' ? null : FLAT_CLIENT_LIMIT,
    overageEnabled,
    warningLevel: warningLevel(tier, activeCount, overageEnabled),
    upgradeOptions: upgradeOptions(tier, activeCount, overageEnabled),
  };
}
