import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { pinClock, testNow, unpinClock } from '../../testClock.ts';
import { loadLateAreas } from '../i18n/useBrokerTexts.ts';
import { renderWithAdmin, testClient, testUserAs } from '../testUtils.tsx';
import type { Member, Task } from '../types.ts';
import { CallLogCard } from './CallLogCard.tsx';
import { MyTasksCard } from './MyTasksCard.tsx';
import { TasksPage } from './TasksPage.tsx';

const hoursFromNow = (hours: number) => new Date(testNow().getTime() + hours * 3_600_000).toISOString();

const task = (fields: Partial<Task>): Task => ({
  id: 't1',
  clientId: 'c1',
  clientName: 'Rosa Diaz',
  title: 'Call Rosa about her Part D plan',
  notes: null,
  dueAt: hoursFromNow(2),
  assigneeMemberId: 'm1',
  priority: 'normal',
  done: false,
  doneAt: null,
  createdByMemberId: 'm1',
  source: 'manual',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});

const TEAM: Member[] = [
  {
    id: 'm1',
    email: 'dana@example.com',
    firstName: 'Dana',
    lastName: 'Whitfield',
    role: 'owner',
    status: 'active',
    clients: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    lastSignInAt: null,
    invitationExpiresAt: null,
  },
];

// The tasks' texts load with their pages (a late area). Wednesday 25 November 2026, 10:00.
beforeAll(async () => {
  pinClock('2026-11-25T10:00:00');
  await loadLateAreas();
});
afterAll(() => unpinClock());

describe('the Tasks page', () => {
  it('lists today’s tasks, ticks one done, and asks for another tab’s', async () => {
    const getTasks = vi
      .fn()
      .mockResolvedValue([task({}), task({ id: 't2', title: 'Welcome call: Al Lee', source: 'rule_welcome_call', priority: 'high' })]);
    const updateTask = vi.fn().mockResolvedValue(task({ done: true }));
    renderWithAdmin(<TasksPage />, { dataProvider: { getTasks, updateTask, getMembers: vi.fn().mockResolvedValue(TEAM) } });
    expect(await screen.findByText('Call Rosa about her Part D plan')).toBeTruthy();
    expect(getTasks).toHaveBeenCalledWith({ view: 'today' });
    expect(screen.getByText('High')).toBeTruthy();
    expect(screen.getByText(/Welcome call rule/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Rosa Diaz' })[0].getAttribute('href')).toBe('/clients/c1');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Done: Call Rosa about her Part D plan' }));
    await waitFor(() => expect(updateTask).toHaveBeenCalledWith('t1', { done: true }));

    fireEvent.click(screen.getByRole('tab', { name: 'Overdue' }));
    await waitFor(() => expect(getTasks).toHaveBeenCalledWith({ view: 'overdue' }));
  });

  it('adds a task for the member by default, and refuses one without a title', async () => {
    const addTask = vi.fn().mockResolvedValue(task({}));
    renderWithAdmin(<TasksPage />, {
      dataProvider: {
        getTasks: vi.fn().mockResolvedValue([]),
        addTask,
        getMembers: vi.fn().mockResolvedValue(TEAM),
        getList: vi.fn().mockResolvedValue({ data: [], total: 0 }),
      },
    });
    expect(await screen.findByText(/Nothing here/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a task' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give the task a title')).toBeTruthy();
    expect(addTask).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Order brochures' } });
    fireEvent.change(within(dialog).getByLabelText(/Due/), { target: { value: '2030-01-31T15:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(addTask).toHaveBeenCalledWith({
        title: 'Order brochures',
        dueAt: new Date('2030-01-31T15:30').toISOString(),
        clientId: null,
        assigneeMemberId: 'm1',
        priority: 'normal',
        notes: null,
      }),
    );
  });

  it('shows a week as seven days, each with its tasks', async () => {
    const getTasks = vi.fn().mockResolvedValue([task({ dueAt: testNow().toISOString() })]);
    renderWithAdmin(<TasksPage />, { dataProvider: { getTasks } });
    fireEvent.click(await screen.findByRole('button', { name: 'Week' }));
    await waitFor(() =>
      expect(getTasks).toHaveBeenCalledWith(expect.objectContaining({ from: expect.any(String), to: expect.any(String) })),
    );
    const week = await screen.findByRole('region', { name: /^Week of/ });
    expect(within(week).getAllByRole('heading', { level: 3 })).toHaveLength(7);
    expect(await within(week).findByText('Call Rosa about her Part D plan')).toBeTruthy();
  });

  it('lets a read-only member see tasks but not change them', async () => {
    renderWithAdmin(<TasksPage />, { user: testUserAs('read_only'), dataProvider: { getTasks: vi.fn().mockResolvedValue([task({})]) } });
    const box = await screen.findByRole('checkbox', { name: 'Done: Call Rosa about her Part D plan' });
    expect((box as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add task' })).toBeNull();
  });
});

describe('My tasks and the call log', () => {
  it('counts the member’s tasks due today, overdue and this week', async () => {
    renderWithAdmin(<MyTasksCard />, {
      dataProvider: { getTaskSummary: vi.fn().mockResolvedValue({ today: 2, overdue: 1, week: 5, next: [task({})] }) },
    });
    const card = await screen.findByRole('region', { name: 'My tasks' });
    await within(card).findByText('Call Rosa about her Part D plan');
    const counts = [...card.querySelectorAll('dl > div')].map((pair) => pair.textContent);
    expect(counts).toEqual(['2Due today', '1Overdue', '5This week']);
  });

  it('logs a call with its outcome and minutes', async () => {
    const logInteraction = vi.fn().mockResolvedValue({});
    const Section = ({ title, action, children }: { title: string; action?: React.ReactNode; children: React.ReactNode }) => (
      <section aria-label={title}>
        {action}
        {children}
      </section>
    );
    renderWithAdmin(<CallLogCard client={testClient({ id: 'c1' })} section={Section} />, {
      dataProvider: { getInteractions: vi.fn().mockResolvedValue([]), logInteraction },
    });
    expect(await screen.findByText('No calls or meetings logged yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log a call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log a call or meeting' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Minutes' }), { target: { value: 'ten' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Minutes must be a whole number from 0 to 1440')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Minutes' }), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), { target: { value: 'Reviewed the plan' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(logInteraction).toHaveBeenCalledWith(
        'c1',
        expect.objectContaining({ kind: 'call', outcome: 'reached', durationMinutes: 12, notes: 'Reviewed the plan' }),
      ),
    );
  });
});
