import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithAdmin } from '../testUtils.tsx';
import type { ComplianceReport, LapsingConsent } from '../types.ts';
import { CompliancePage } from './CompliancePage.tsx';

const REPORT: ComplianceReport = {
  from: '2026-08-28',
  to: '2026-11-25',
  agencyName: 'Whitfield Medicare Advisors',
  marketingMonths: 12,
  consentsByState: [
    { state: 'FL', granted: 12, revoked: 2, expired: 1, unknown: 3 },
    { state: null, granted: 4, revoked: 0, expired: 0, unknown: 6 },
  ],
  eventsBySource: [
    { source: 'broker_added', granted: 20, revoked: 0 },
    { source: 'free_text', granted: 0, revoked: 2 },
  ],
  revocations: { count: 2, sendsAfterRevocation: 0, honoured: 'At the next send: the ledger is asked before every message' },
  skippedByReason: [{ reason: 'No permission for marketing texts', count: 9 }],
  marketingSent: [{ channel: 'sms', count: 31 }],
  callingHours: { checked: 31, outside: 0 },
};

const LAPSING: LapsingConsent[] = [
  { id: 'c1', clientId: 'c1', name: 'Ruth Alvarez', expiresAt: '2026-12-05T15:00:00.000Z', renewalSentAt: null },
  { id: 'c2', clientId: 'c2', name: 'Leo Park', expiresAt: '2026-11-01T15:00:00.000Z', renewalSentAt: '2026-11-20T15:00:00.000Z' },
];

function renderPage(overrides: Record<string, unknown> = {}) {
  const dataProvider = {
    getComplianceReport: vi.fn(async () => REPORT),
    getLapsingConsent: vi.fn(async () => LAPSING),
    requestConsentRenewals: vi.fn(async () => ({ sent: 1, notSent: ['Leo Park: a request was already sent this week'] })),
    ...overrides,
  };
  renderWithAdmin(<CompliancePage />, { path: '/compliance', dataProvider });
  return dataProvider;
}

describe('CompliancePage', () => {
  it('shows the figures that must be 0, permission by state and source, what was skipped, and the downloads of the period', async () => {
    renderPage();
    const outside = (await screen.findByText('Sent outside calling hours')).closest('div')!;
    expect(within(outside).getByText('0')).toBeTruthy();
    expect(within(outside).getByText('of 31 marketing calls and texts')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Marketing permission by state' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['StateGivenRevokedLapsedNot given', 'FL12213', 'Not recorded4006']);
    expect(screen.getByRole('table', { name: 'How permission was given and taken back' }).textContent).toContain(
      'Reply in their own words',
    );
    expect(screen.getByRole('table', { name: 'Not sent, by reason' }).textContent).toContain('No permission for marketing texts9');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/compliance/report.csv');
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/api/compliance/report.pdf');
  });

  it('asks for the period typed and downloads that period', async () => {
    const dataProvider = renderPage();
    await screen.findByText('Sent outside calling hours');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    await waitFor(() => expect(dataProvider.getComplianceReport).toHaveBeenLastCalledWith('2026-10-01', undefined));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/compliance/report.csv?from=2026-10-01');
  });

  it('sends a renewal request to the clients chosen and says why the others were not sent', async () => {
    const dataProvider = renderPage();
    const list = await screen.findByRole('list', { name: 'Marketing permission about to lapse' });
    expect(within(list).getByText(/Lapsed .* · Request sent/)).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send renewal request' });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ruth Alvarez' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Leo Park' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send renewal request (2)' }));
    await waitFor(() => expect(dataProvider.requestConsentRenewals).toHaveBeenCalledWith(['c1', 'c2']));
    expect(await screen.findByText('Leo Park: a request was already sent this week')).toBeTruthy();
  });
});
