import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithAdmin } from '../testUtils.tsx';
import { Dashboard } from './Dashboard.tsx';
import { engagementScore, normaliseStats, timeAgo } from './metrics.ts';

beforeEach(() => localStorage.setItem('tour_completed_broker_welcome', 'true'));

const NOW = new Date('2026-11-21T12:00:00Z');

describe('dashboard figures', () => {
  it('Engagement Score is round(retention × 0.85)', () => {
    expect(engagementScore(78)).toBe(66);
    expect(engagementScore(100)).toBe(85);
    expect(engagementScore(0)).toBe(0);
    expect(engagementScore(59)).toBe(50); // 50.15
    expect(engagementScore(null)).toBeNull();
  });

  it('counts missing numbers as 0', () => {
    expect(normaliseStats({ totalClients: 4 })).toEqual({
      totalClients: 4,
      activeClients: 0,
      retentionRate: 0,
      callCompletionRate: 0,
    });
    expect(normaliseStats(null).totalClients).toBe(0);
  });

  it('keeps a null retention rate: not enough history is not 0 %', () => {
    expect(normaliseStats({ totalClients: 3, activeClients: 3, retentionRate: null, callCompletionRate: 0 }).retentionRate).toBeNull();
  });

  it('says how long ago like 1h ago', () => {
    expect(timeAgo('2026-11-21T11:59:30Z', NOW)).toBe('just now');
    expect(timeAgo('2026-11-21T11:45:00Z', NOW)).toBe('15m ago');
    expect(timeAgo('2026-11-21T11:00:00Z', NOW)).toBe('1h ago');
    expect(timeAgo('2026-11-21T09:00:00Z', NOW)).toBe('3h ago');
    expect(timeAgo('2026-11-19T12:00:00Z', NOW)).toBe('2d ago');
  });
});

describe('the dashboard', () => {
  it('shows the four cards with the spec captions, recent activity and quick actions', async () => {
    const getStats = vi.fn().mockResolvedValue({ totalClients: 25, activeClients: 20, retentionRate: 78, callCompletionRate: 91 });
    const getActivity = vi.fn().mockResolvedValue([
      {
        id: 'a',
        kind: 'reminder_text',
        title: 'Reminder text sent',
        clientName: 'Ruth Alvarez',
        occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
      },
      {
        id: 'b',
        kind: 'campaign_opened',
        title: 'Client engagement recorded',
        clientName: null,
        occurredAt: new Date(Date.now() - 7_300_000).toISOString(),
        detail: 'Opened “Fall news”',
      },
      {
        id: 'c',
        kind: 'campaign_sent',
        title: 'Campaign sent',
        clientName: null,
        occurredAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        detail: '“Fall news” to 12 clients',
      },
    ]);
    renderWithAdmin(<Dashboard />, { dataProvider: { getStats, getActivity } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('Track your client retention and engagement metrics')).toBeTruthy();
    const card = (name: string) => within(screen.getByRole('region', { name }));
    expect(card('Total Clients').getByText('25')).toBeTruthy();
    expect(card('Total Clients').getByText('20 active this month')).toBeTruthy();
    expect(card('Retention Rate').getByText('78%')).toBeTruthy();
    expect(card('Retention Rate').getByText('vs. industry avg. 65%')).toBeTruthy();
    expect(card('Call Completion').getByText('91%')).toBeTruthy();
    expect(card('Call Completion').getByText('medication reminders')).toBeTruthy();
    expect(card('Engagement Score').getByText('66')).toBeTruthy();
    expect(card('Engagement Score').getByText('out of 100')).toBeTruthy();

    const activity = await screen.findByRole('list', { name: 'Recent Activity' });
    expect(within(activity).getByText('Reminder text sent')).toBeTruthy();
    expect(within(activity).getByText('Ruth Alvarez')).toBeTruthy();
    expect(within(activity).getByText('1h ago')).toBeTruthy();
    expect(within(activity).getByText('Client engagement recorded')).toBeTruthy();
    expect(within(activity).getByText('Opened “Fall news”')).toBeTruthy();
    expect(within(activity).getByText('2h ago')).toBeTruthy();
    expect(within(activity).getByText('Campaign sent')).toBeTruthy();
    expect(within(activity).getByText('“Fall news” to 12 clients')).toBeTruthy();
    expect(within(activity).getByText('3d ago')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Add New Client' }).getAttribute('href')).toBe('/clients');
    expect(screen.getByRole('link', { name: 'Schedule Reminder' }).getAttribute('href')).toBe('/reminders');
    expect(screen.getByRole('link', { name: 'Send Campaign' }).getAttribute('href')).toBe('/campaigns');
  });

  it('shows zeros and an empty activity text for a new broker', async () => {
    renderWithAdmin(<Dashboard />, {
      dataProvider: { getStats: vi.fn().mockResolvedValue({}), getActivity: vi.fn().mockResolvedValue([]) },
    });
    expect(await screen.findByText('0 active this month')).toBeTruthy();
    expect(await screen.findByText(/No activity yet/)).toBeTruthy();
  });

  it('shows — and “Not enough history yet” for retention and engagement without history, never 100 % and 85', async () => {
    const getStats = vi.fn().mockResolvedValue({ totalClients: 3, activeClients: 3, retentionRate: null, callCompletionRate: 0 });
    renderWithAdmin(<Dashboard />, { dataProvider: { getStats, getActivity: vi.fn().mockResolvedValue([]) } });
    const card = async (name: string) => within(await screen.findByRole('region', { name }));
    for (const name of ['Retention Rate', 'Engagement Score']) {
      expect((await card(name)).getByTestId('stat-value').textContent).toBe('—');
      expect((await card(name)).getByText('Not enough history yet')).toBeTruthy();
    }
    expect((await card('Retention Rate')).queryByText('vs. industry avg. 65%')).toBeNull();
    expect((await card('Engagement Score')).queryByText('out of 100')).toBeNull();
    expect((await card('Total Clients')).getByText('3')).toBeTruthy();
    expect(screen.queryByText('100%')).toBeNull();
    expect(screen.queryByText('85')).toBeNull();
  });
});
