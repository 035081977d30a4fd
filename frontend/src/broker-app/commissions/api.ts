import type { components } from '../../api/schema';
import { uploadWithProgress } from '../../lib/http.ts';
import { callJson } from '../providers/httpClient.ts';

type Schemas = components['schemas'];
export type CommissionSchedule = Schemas['CommissionScheduleDto'];
export type ScheduleInput = Schemas['CreateCommissionScheduleDto'];
export type Statement = Schemas['StatementDto'];
export type StatementMapping = Schemas['StatementMappingDto'];
export type StatementRow = Schemas['StatementRowDto'];
export type UnpaidPolicy = Schemas['UnpaidPolicyDto'];
export type CommissionMonth = Schemas['CommissionMonthDto'];

export const STATEMENT_FIELDS = ['memberId', 'memberName', 'planId', 'amount', 'period', 'effectiveDate'] as const;

const id = encodeURIComponent;

/** The Commissions page's calls (kept out of the first load's data provider: the page is its own chunk). */
export const commissionsApi = {
  schedules: () => callJson<CommissionSchedule[]>('/api/commissions/schedules'),
  addSchedule: (input: ScheduleInput) => callJson<CommissionSchedule>('/api/commissions/schedules', 'POST', input),
  updateSchedule: (scheduleId: string, input: Partial<ScheduleInput>) =>
    callJson<CommissionSchedule>(`/api/commissions/schedules/${id(scheduleId)}`, 'PUT', input),
  deleteSchedule: (scheduleId: string) => callJson<CommissionSchedule>(`/api/commissions/schedules/${id(scheduleId)}`, 'DELETE'),
  months: () => callJson<CommissionMonth[]>('/api/commissions/months'),
  statements: () => callJson<Statement[]>('/api/commissions/statements'),
  statement: (statementId: string) => callJson<Statement>(`/api/commissions/statements/${id(statementId)}`),
  upload: (carrier: string, file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.append('carrier', carrier);
    form.append('file', file);
    return uploadWithProgress<Statement>('/api/commissions/statements', form, onProgress);
  },
  importStatement: (statementId: string, mapping: StatementMapping) =>
    callJson<Statement>(`/api/commissions/statements/${id(statementId)}/import`, 'POST', { mapping }),
  deleteStatement: (statementId: string) => callJson<Statement>(`/api/commissions/statements/${id(statementId)}`, 'DELETE'),
  rows: (statementId: string, match: 'matched' | 'unmatched') =>
    callJson<StatementRow[]>(`/api/commissions/statements/${id(statementId)}/rows?match=${match}`),
  unpaid: (statementId: string) => callJson<UnpaidPolicy[]>(`/api/commissions/statements/${id(statementId)}/unpaid`),
  matchRow: (rowId: string, policyId: string | null) =>
    callJson<StatementRow>(`/api/commissions/statement-rows/${id(rowId)}`, 'PUT', { policyId }),
};

/** Dollars as typed ("611", "$1,200.50") in cents; undefined unless 0 or more with at most 2 decimals. */
export function typedCents(text: string): number | undefined {
  const typed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(typed);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Whether a statement's import has ended. */
export const ended = (statement: Statement) => statement.status === 'completed' || statement.status === 'failed';
