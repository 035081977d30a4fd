import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { loadLateAreas } from '../i18n/useBrokerTexts.ts';
import { renderWithAdmin, testUserAs } from '../testUtils.tsx';
import { typedCents } from './api.ts';
import { CommissionsPage } from './CommissionsPage.tsx';

const SCHEDULE = {
  id: 's1',
  carrier: 'Humana',
  planType: null,
  initialAnnualCents: 61_200,
  renewalAnnualCents: 30_600,
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const STATEMENT = {
  id: 'st1',
  carrier: 'Humana',
  fileName: 'humana-2026-02.csv',
  status: 'completed',
  headers: ['Member ID'],
  preview: [],
  mapping: {},
  mappingRemembered: false,
  rowsTotal: 3,
  rowsDone: 3,
  matchedExact: 1,
  matchedFuzzy: 1,
  unmatched: 1,
  rejected: 0,
  message: 'Imported 3 rows',
  createdAt: '2026-11-01T00:00:00.000Z',
  finishedAt: '2026-11-01T00:00:01.000Z',
};
const ROW = {
  id: 'r1',
  line: 4,
  memberId: null,
  memberName: 'Nobody Here',
  planId: 'H1234-001',
  month: '2026-02',
  effectiveDate: null,
  amountCents: 5_100,
  problem: null,
  match: 'unmatched',
  policyId: null,
  clientId: null,
  clientName: null,
  carrier: null,
  planName: null,
};

/** The server's answers, by path. */
function serve(answers: Record<string, unknown>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://app.test');
    const key = `${url.pathname}${url.search}`;
    const body = answers[key] ?? answers[url.pathname];
    return new Response(JSON.stringify(body ?? []), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}

beforeAll(() => loadLateAreas());
afterEach(() => vi.restoreAllMocks());

describe('the Commissions page', () => {
  it('shows the schedules, the statement’s counts, its unmatched rows and the months, and lets an owner add a schedule', async () => {
    serve({
      '/api/commissions/schedules': [SCHEDULE],
      '/api/commissions/statements': [STATEMENT],
      '/api/commissions/statements/st1/rows?match=unmatched': [ROW],
      '/api/commissions/months': [
        {
          month: '2026-02',
          expectedCents: 10_200,
          paidCents: 5_100,
          policiesExpected: 2,
          policiesPaid: 1,
          policiesUnpaid: 1,
          unmatchedCents: 5_100,
        },
      ],
    });
    renderWithAdmin(<CommissionsPage />, { path: '/commissions' });
    const schedules = await screen.findByRole('table', { name: 'Commission schedules' });
    expect(within(schedules).getByText('$612.00')).toBeTruthy();
    expect(within(schedules).getByText('All types')).toBeTruthy();
    expect(await screen.findByText('Matched exactly: 1')).toBeTruthy();
    expect(screen.getByText('Unmatched: 1')).toBeTruthy();
    const unmatched = await screen.findByRole('table', { name: 'Unmatched rows' });
    expect(within(unmatched).getByText('Nobody Here')).toBeTruthy();
    expect(within(unmatched).getByRole('button', { name: 'Match' })).toBeTruthy();
    const months = await screen.findByRole('table', { name: 'Paid against expected, by month' });
    expect(within(months).getByText('-$51.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add schedule' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Required').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('Enter an amount in dollars, 0 or more (e.g. 611.00)')).toHaveLength(2);
  });

  it('shows a read-only member the figures without the owner’s buttons', async () => {
    serve({ '/api/commissions/schedules': [SCHEDULE], '/api/commissions/statements': [], '/api/commissions/months': [] });
    renderWithAdmin(<CommissionsPage />, { path: '/commissions', user: testUserAs('read_only') });
    await screen.findByRole('table', { name: 'Commission schedules' });
    await waitFor(() => expect(screen.getByText(/No statements yet/)).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Add schedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload statement' })).toBeNull();
  });

  it('reads typed dollars as cents', () => {
    expect(['611', '$1,200.50', '0.5', '', '-1', '1.234'].map(typedCents)).toEqual([61_100, 120_050, 50, undefined, undefined, undefined]);
  });
});
