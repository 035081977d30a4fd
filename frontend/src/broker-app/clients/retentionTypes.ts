import type { components } from '../../api/schema';
import type { Client } from '../types.ts';

type Schemas = components['schemas'];

export type PlanType = NonNullable<Client['planType']>;
export const PLAN_TYPES = ['medicare_advantage', 'part_d', 'medigap', 'other'] as const satisfies readonly PlanType[];

export type DepartureReason = NonNullable<Client['departureReason']>;
export const DEPARTURE_REASONS = ['switched_agent', 'moved', 'deceased', 'other'] as const satisfies readonly DepartureReason[];

export type RiskLevel = Client['riskLevel'];
export const RISK_LEVELS = ['high', 'medium', 'low'] as const satisfies readonly RiskLevel[];

/** A client as the list and the page read it (ClientDto carries the facts and the risk). */
export type ClientWithFacts = Client;

export const withFacts = (client: Client): ClientWithFacts => client;

/** GET /api/stats/retention. */
export type RetentionMonth = Schemas['RetentionMonthDto'];
export type RetentionAep = Schemas['RetentionAepDto'];
export type Retention = Schemas['RetentionDto'];
