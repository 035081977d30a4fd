import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { narrowScreen, renderWithAdmin } from '../testUtils.tsx';
import { CampaignShow } from './CampaignShow.tsx';
import type { LifecycleCampaign } from './lifecycleTypes.ts';

const sequence: LifecycleCampaign = {
  id: 'k5',
  name: 'T65 welcome',
  type: 'email',
  subject: 'You turn 65 soon',
  message: 'Let us talk about Medicare before your birthday.',
  status: 'active',
  audience: { kind: 'all' },
  recipientCount: 0,
  openedCount: 0,
  clickedCount: 0,
  createdAt: new Date(2030, 8, 1, 10, 0).toISOString(),
  sentAt: null,
  purpose: 'informational',
  templateKey: 't65_welcome',
  schedule: null,
  trigger: { kind: 'turning_65', daysBefore: 30 },
  followUps: [
    { delayDays: 7, subject: 'Any questions?', message: 'Call us any time.', skipIfEngaged: true },
    { delayDays: 14, subject: 'Last reminder', message: 'Your Medicare starts soon.', skipIfEngaged: false },
  ],
  steps: [
    { step: 1, sent: 12, opened: 8, clicked: 3, replied: 1, skipped: 0 },
    { step: 2, sent: 8, opened: 4, clicked: 1, replied: 0, skipped: 4 },
  ],
  enrolledCount: 12,
};

function renderShow(campaign: LifecycleCampaign, dataProvider: Record<string, unknown> = {}) {
  return renderWithAdmin(
    <Routes>
      <Route path="/campaigns/:id/show" element={<CampaignShow />} />
    </Routes>,
    {
      path: `/campaigns/${campaign.id}/show`,
      dataProvider: { getOne: vi.fn(async () => ({ data: campaign })), ...dataProvider } as never,
    },
  );
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a sequence’s page', () => {
  it('shows its trigger, how many entered it, and a table of its steps with their figures', async () => {
    renderShow(sequence);
    expect(await screen.findByRole('heading', { level: 1, name: 'T65 welcome' })).toBeTruthy();
    expect(screen.getByText('30 days before turning 65')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('12 clients have entered this sequence.')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Steps' })).getAllByRole('row');
    expect(rows.map(cells)).toEqual([
      ['Step', 'Wait', 'Sent', 'Opened', 'Clicked', 'Replied', 'Skipped'],
      ['1', 'At the trigger', '12', '8', '3', '1', '0'],
      ['2', '7 days laterSkipped for clients who clicked or replied', '8', '4', '1', '0', '4'],
      // A step nothing was sent for yet counts zeros.
      ['3', '14 days later', '0', '0', '0', '0', '0'],
    ]);
    expect(screen.queryByRole('table', { name: 'Recipients' })).toBeNull();
  });

  it('offers Pause and Finish while it runs', async () => {
    const pauseCampaign = vi.fn(async () => ({ ...sequence, status: 'paused' }));
    renderShow(sequence, { pauseCampaign });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause T65 welcome' }));
    await waitFor(() => expect(pauseCampaign).toHaveBeenCalledWith('k5'));
    expect(screen.getByRole('button', { name: 'Finish T65 welcome' })).toBeTruthy();
  });

  it('offers Start on a draft sequence', async () => {
    renderShow({ ...sequence, status: 'draft', steps: [], enrolledCount: 0 });
    expect(await screen.findByRole('button', { name: 'Start T65 welcome' })).toBeTruthy();
    expect(screen.getByText('0 clients have entered this sequence.')).toBeTruthy();
  });

  it('shows the steps as cards on a phone', async () => {
    narrowScreen();
    renderShow(sequence);
    const list = await screen.findByRole('list', { name: 'Steps' });
    expect(screen.queryByRole('table')).toBeNull();
    const step2 = within(within(list).getByRole('listitem', { name: 'Step 2' }));
    expect(step2.getByText('7 days later')).toBeTruthy();
    expect(step2.getByText('Skipped', { selector: 'dt' }).nextElementSibling?.textContent).toBe('4');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });
});
