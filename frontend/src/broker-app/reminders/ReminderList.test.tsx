import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithAdmin } from '../testUtils.tsx';
import type { Client, Reminder } from '../types.ts';
import { SEARCH_BOX_DEBOUNCE_MS } from '../ui/ListSearchBox.tsx';
import { ReminderList } from './ReminderList.tsx';

const ann: Client = {
  id: 'c1',
  firstName: 'Ann',
  lastName: 'Lee',
  assignedMemberId: null,
  email: null,
  phone: '+1 (305) 555-0101',
  isActive: true,
  engagementScore: 40,
  notes: null,
  inviteStatus: 'none',
  inviteToken: false,
  pendingContactChanges: [],
  zip: null,
  state: null,
  language: 'en',
  dateOfBirth: null,
  planType: null,
  planEffectiveDate: null,
  carrier: null,
  departureReason: null,
  riskScore: 0,
  riskLevel: 'low',
  riskReasons: [],
  currentPolicy: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const bob: Client = { ...ann, id: 'c2', firstName: 'Bob', lastName: 'Diaz', phone: '+1 (305) 555-0102' };

// Local date-times, so the expected texts hold in any time zone.
const at = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString();

const reminder = (over: Partial<Reminder>): Reminder => ({
  id: 'r1',
  clientId: 'c1',
  scheduledTime: at(2030, 1, 5, 15, 30),
  deliveryMethod: 'voice',
  message: 'Your annual review with us is next week.',
  status: 'pending',
  notSentReason: null,
  ...over,
});

const REMINDERS = [
  reminder({}),
  reminder({ id: 'r2', clientId: 'c2', deliveryMethod: 'sms', status: 'completed', message: 'Happy birthday from us!' }),
  reminder({ id: 'r3', status: 'failed', scheduledTime: at(2029, 12, 24, 9, 5), message: 'Call us back please.' }),
];

function getList(reminders: Reminder[] = REMINDERS, clients: Client[] = [ann, bob]) {
  return vi.fn(async (resource: string) => {
    if (resource === 'reminders') return { data: reminders, total: reminders.length };
    if (resource === 'clients') return { data: clients, total: clients.length };
    throw new Error(`unexpected list ${resource}`);
  });
}

const getMany = vi.fn(async (_resource: string, { ids }: { ids: unknown[] }) => ({
  data: [ann, bob].filter((client) => ids.includes(client.id)),
}));

function renderPage(dataProvider: Record<string, unknown>) {
  return renderWithAdmin(
    <Routes>
      <Route path="/reminders" element={<ReminderList />} />
      <Route path="/billing" element={<h1>Billing page</h1>} />
    </Routes>,
    { path: '/reminders', dataProvider: { getMany: getMany as never, ...dataProvider } },
  );
}

const remindersFetches = (fn: ReturnType<typeof getList>) => fn.mock.calls.filter(([resource]) => resource === 'reminders').length;

afterEach(() => {
  vi.useRealTimers();
});

describe('the reminders list', () => {
  it('shows title, buttons and a card per reminder with client, method, message, date and status', async () => {
    const list = getList();
    renderPage({ getList: list });
    expect(screen.getByRole('heading', { level: 1, name: 'Client Reminders' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Execute Pending' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Schedule Reminder' })).toBeTruthy();

    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]);
    expect(first.getByText('Ann Lee')).toBeTruthy();
    expect(first.getByText('Voice call')).toBeTruthy();
    expect(first.getByText('Your annual review with us is next week.')).toBeTruthy();
    expect(first.getByText('Jan 05, 2030 at 3:30 PM')).toBeTruthy();
    expect(within(cards[1]).getByText('Bob Diaz')).toBeTruthy();
    expect(within(cards[1]).getByText('SMS')).toBeTruthy();
    expect(within(cards[2]).getByText('Dec 24, 2029 at 9:05 AM')).toBeTruthy();

    expect(list).toHaveBeenCalledWith('reminders', expect.objectContaining({ sort: { field: 'scheduledTime', order: 'ASC' } }));
  });

  it('colours the status: pending blue, completed green, failed red', async () => {
    renderPage({ getList: getList() });
    const cards = await screen.findAllByRole('listitem');
    const chip = (card: HTMLElement, label: string) => within(card).getByText(label).closest('.MuiChip-root')!;
    expect(chip(cards[0], 'Pending').className).toContain('MuiChip-colorInfo');
    expect(chip(cards[1], 'Completed').className).toContain('MuiChip-colorSuccess');
    expect(chip(cards[2], 'Failed').className).toContain('MuiChip-colorError');
  });

  it('explains reminders when there are none', async () => {
    renderPage({ getList: getList([]) });
    expect(await screen.findByText('No reminders scheduled yet')).toBeTruthy();
    expect(screen.getByText(/Reminders go out automatically within a minute of their scheduled time/)).toBeTruthy();
  });
});

async function openDialog() {
  fireEvent.click(screen.getAllByRole('button', { name: 'Schedule Reminder' })[0]);
  return within(await screen.findByRole('dialog', { name: 'Schedule Reminder' }));
}

async function fill(
  dialog: ReturnType<typeof within>,
  values: { client?: string; date?: string; time?: string; sms?: boolean; message?: string },
) {
  if (values.client) {
    // The picker asks the server for what is typed.
    const picker = dialog.getByRole('combobox', { name: /Client/ });
    picker.focus();
    fireEvent.change(picker, { target: { value: values.client.split(' ')[0] } });
    fireEvent.click(await screen.findByRole('option', { name: new RegExp(values.client) }));
  }
  if (values.date !== undefined) fireEvent.change(dialog.getByLabelText(/^Date/), { target: { value: values.date } });
  if (values.time !== undefined) fireEvent.change(dialog.getByLabelText(/^Time/), { target: { value: values.time } });
  if (values.sms) fireEvent.click(dialog.getByRole('radio', { name: /SMS/ }));
  if (values.message !== undefined) {
    fireEvent.change(dialog.getByRole('textbox', { name: /Message/ }), { target: { value: values.message } });
  }
}

const submit = (dialog: ReturnType<typeof within>) => fireEvent.click(dialog.getByRole('button', { name: 'Schedule Reminder' }));

describe('scheduling a reminder', () => {
  it('asks for a client, a date and time that parse, and a message, and sends nothing until then', async () => {
    const create = vi.fn();
    renderPage({ getList: getList(), create });
    const dialog = await openDialog();
    // No client yet: the picker is empty, with no made-up name in it.
    expect((dialog.getByRole('combobox', { name: /Client/ }) as HTMLInputElement).value).toBe('');
    await fill(dialog, { date: '' });
    submit(dialog);
    expect(await dialog.findByText('Please select a client')).toBeTruthy();
    expect((dialog.getByRole('combobox', { name: /Client/ }) as HTMLInputElement).value).toBe('');
    expect(dialog.getByText('Invalid date or time')).toBeTruthy();
    expect(dialog.getByText('Message is required')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses a time in the past', async () => {
    const create = vi.fn();
    renderPage({ getList: getList(), create });
    const dialog = await openDialog();
    await fill(dialog, { client: 'Ann Lee', date: '2020-03-01', time: '10:00', message: 'See you soon' });
    submit(dialog);
    expect(await dialog.findByText('Scheduled time must be in the future')).toBeTruthy();
    expect(dialog.queryByText('Please select a client')).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends client, the local date-time as ISO, method, message and pending, then confirms and refreshes', async () => {
    const list = getList();
    const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { id: 'new', ...data } }));
    renderPage({ getList: list, create });
    await screen.findAllByRole('listitem');
    const dialog = await openDialog();
    await fill(dialog, { client: 'Bob Diaz', date: '2030-02-03', time: '14:45', sms: true, message: '  Your plan review is due.  ' });
    submit(dialog);

    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0]).toBe('reminders');
    expect(create.mock.calls[0][1].data).toEqual({
      clientId: 'c2',
      scheduledTime: new Date(2030, 1, 3, 14, 45).toISOString(),
      deliveryMethod: 'sms',
      message: 'Your plan review is due.',
      status: 'pending',
    });
    expect(await screen.findByText('Reminder scheduled successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(remindersFetches(list)).toBe(2));
  });

  it('shows the server refusing a message with health information, and keeps the dialog open', async () => {
    const rule =
      'Reminders from brokers must be generic and carry no health information: remove the medication or condition ' +
      '(clients keep their own medication reminders in their private portal).';
    const body = { statusCode: 400, message: rule, term: 'insulin' };
    const create = vi.fn(async () => {
      throw new HttpError(`400: ${JSON.stringify(body)}`, 400, body);
    });
    renderPage({ getList: getList(), create });
    const dialog = await openDialog();
    expect(dialog.getByText(/generic, with no health information/)).toBeTruthy();
    await fill(dialog, { client: 'Ann Lee', date: '2030-02-03', time: '09:00', message: 'Take your insulin' });
    submit(dialog);

    expect(await dialog.findByText(rule)).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-toast-variant="destructive"]')?.textContent).toContain(rule));
    expect(screen.getByRole('dialog', { name: 'Schedule Reminder' })).toBeTruthy();
    expect(screen.queryByText('Reminder scheduled successfully')).toBeNull();
  });

  it("falls back to 'Failed to schedule reminder' when the server gives no message", async () => {
    const create = vi.fn(async () => {
      throw new HttpError('500: Internal Server Error', 500, 'Internal Server Error');
    });
    renderPage({ getList: getList(), create });
    const dialog = await openDialog();
    await fill(dialog, { client: 'Ann Lee', date: '2030-02-03', time: '09:00', message: 'Hello' });
    submit(dialog);
    expect(await dialog.findByText('Failed to schedule reminder')).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('[data-toast-variant="destructive"]')?.textContent).toContain('Failed to schedule reminder'),
    );
  });

  it('points to the Clients page when the broker has no clients yet', async () => {
    renderPage({ getList: getList([], []) });
    await screen.findByText('No reminders scheduled yet');
    const dialog = await openDialog();
    expect(dialog.getByText(/You have no clients yet/)).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Go to Clients' }).getAttribute('href')).toBe('/clients');
    expect((dialog.getByRole('button', { name: 'Schedule Reminder' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('executing pending reminders', () => {
  it('says how many went out and refreshes the list', async () => {
    const list = getList();
    const executeReminders = vi.fn(async () => ({ count: 3 }));
    renderPage({ getList: list, executeReminders });
    await screen.findAllByRole('listitem');
    fireEvent.click(screen.getByRole('button', { name: 'Execute Pending' }));
    expect(await screen.findByText('3 reminders executed')).toBeTruthy();
    expect(executeReminders).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(remindersFetches(list)).toBe(2));
  });

  it('sends a broker whose trial has expired to billing after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const body = { statusCode: 403, message: 'Your trial has expired. Please upgrade to continue.', trialExpired: true };
    const executeReminders = vi.fn(async () => {
      throw new HttpError(`403: ${JSON.stringify(body)}`, 403, body);
    });
    renderPage({ getList: getList(), executeReminders });
    await screen.findAllByRole('listitem');
    fireEvent.click(screen.getByRole('button', { name: 'Execute Pending' }));
    expect(await screen.findByText('Trial Expired')).toBeTruthy();
    expect(screen.getByText('Your trial has expired. Please upgrade to continue.')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(1400);
    });
    expect(screen.queryByRole('heading', { name: 'Billing page' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeTruthy();
  });

  it("shows 'Failed to execute reminders' for other failures and stays", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const executeReminders = vi.fn(async () => {
      throw new HttpError('502: Bad Gateway', 502, 'Bad Gateway');
    });
    renderPage({ getList: getList(), executeReminders });
    await screen.findAllByRole('listitem');
    fireEvent.click(screen.getByRole('button', { name: 'Execute Pending' }));
    expect(await screen.findByText('Failed to execute reminders')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Client Reminders' })).toBeTruthy();
  });
});

describe('changing and cancelling a pending reminder', () => {
  it('offers Edit and Cancel Reminder on pending reminders only', async () => {
    renderPage({ getList: getList() });
    const cards = await screen.findAllByRole('listitem');
    await within(cards[0]).findByText('Ann Lee');
    expect(within(cards[0]).getByRole('button', { name: 'Edit Reminder to Ann Lee' })).toBeTruthy();
    expect(within(cards[0]).getByRole('button', { name: 'Cancel Reminder to Ann Lee' })).toBeTruthy();
    expect(within(cards[1]).queryByRole('button')).toBeNull();
    expect(within(cards[2]).queryByRole('button')).toBeNull();
  });

  it('opens the reminder in the dialog, and saves what changed', async () => {
    const update = vi.fn(async (_resource: string, { id, data }: { id: string; data: object }) => ({
      data: { ...reminder({}), id, ...data },
    }));
    renderPage({ getList: getList(), update });
    const cards = await screen.findAllByRole('listitem');
    await within(cards[0]).findByText('Ann Lee');
    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Edit Reminder to Ann Lee' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Reminder' }));
    expect((dialog.getByRole('combobox', { name: /Client/ }) as HTMLInputElement).value).toBe('Ann Lee');
    expect((dialog.getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2030-01-05');
    expect((dialog.getByLabelText(/^Time/) as HTMLInputElement).value).toBe('15:30');
    expect((dialog.getByRole('textbox', { name: /Message/ }) as HTMLTextAreaElement).value).toBe(
      'Your annual review with us is next week.',
    );
    await fill(dialog, { time: '16:00', message: 'Your annual review is at 4 PM.' });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][1]).toMatchObject({
      id: 'r1',
      data: {
        clientId: 'c1',
        scheduledTime: new Date(2030, 0, 5, 16, 0).toISOString(),
        deliveryMethod: 'voice',
        message: 'Your annual review is at 4 PM.',
      },
    });
    expect(await screen.findByText('Reminder updated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server refusing a reminder that has already gone out', async () => {
    const body = { statusCode: 409, message: 'This reminder has already been sent, so it can no longer be changed or cancelled.' };
    const update = vi.fn(async () => {
      throw new HttpError(`409: ${JSON.stringify(body)}`, 409, body);
    });
    renderPage({ getList: getList(), update });
    const cards = await screen.findAllByRole('listitem');
    await within(cards[0]).findByText('Ann Lee');
    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Edit Reminder to Ann Lee' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Reminder' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText(body.message)).toBeTruthy();
  });

  it('cancels a reminder once the broker confirms, and keeps it when they do not', async () => {
    const deleteOne = vi.fn(async () => ({ data: reminder({}) }));
    renderPage({ getList: getList(), delete: deleteOne });
    const cards = await screen.findAllByRole('listitem');
    await within(cards[0]).findByText('Ann Lee');
    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Cancel Reminder to Ann Lee' }));
    let confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText('Cancel this reminder?')).toBeTruthy();
    expect(confirm.getByText('The reminder to Ann Lee on Jan 05, 2030 at 3:30 PM will not be sent.')).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: /Keep It/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteOne).not.toHaveBeenCalled();

    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Cancel Reminder to Ann Lee' }));
    confirm = within(await screen.findByRole('dialog'));
    fireEvent.click(confirm.getByRole('button', { name: /Cancel Reminder/ }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('reminders', expect.objectContaining({ id: 'r1' })));
    expect(await screen.findByText('Reminder cancelled')).toBeTruthy();
  });
});

describe('finding reminders', () => {
  /** The page, its reminders shown, then the status filter set to Pending (and asked of the server). */
  async function listFilteredToPending() {
    const list = getList();
    renderPage({ getList: list });
    await screen.findAllByRole('listitem');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(list).toHaveBeenCalledWith('reminders', expect.objectContaining({ filter: { status: 'pending' } })));
    return list;
  }

  /** The filter of the last reminders request. */
  const lastRemindersFilter = (list: ReturnType<typeof getList>) =>
    (list.mock.calls.filter(([resource]) => resource === 'reminders').at(-1) as unknown as [string, { filter: object }])[1].filter;

  it('asks the server for the chosen status and delivery, and the picker searches clients on the server', async () => {
    const list = await listFilteredToPending();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Delivery' }));
    fireEvent.click(await screen.findByRole('option', { name: 'SMS' }));
    await waitFor(() =>
      expect(list).toHaveBeenCalledWith('reminders', expect.objectContaining({ filter: { status: 'pending', deliveryMethod: 'sms' } })),
    );

    const picker = screen.getByRole('combobox', { name: 'Client' });
    picker.focus();
    fireEvent.change(picker, { target: { value: 'Diaz' } });
    await waitFor(() => expect(list).toHaveBeenCalledWith('clients', expect.objectContaining({ filter: { q: 'Diaz' } })));
    fireEvent.click(await screen.findByRole('option', { name: /Bob Diaz/ }));
    await waitFor(() =>
      expect(list).toHaveBeenCalledWith(
        'reminders',
        expect.objectContaining({ filter: { status: 'pending', deliveryMethod: 'sms', clientId: 'c2' } }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull());
    expect((screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement).value).toBe('');
  });

  it('keeps a filter cleared while the broker was typing a search, and searches what was typed', async () => {
    const list = await listFilteredToPending();

    // Typed, then Clear filters before the search goes out: the status must not come back with it.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search reminders' }), { target: { value: 'review' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(list).toHaveBeenCalledWith('reminders', expect.objectContaining({ filter: { q: 'review' } })));
    expect(lastRemindersFilter(list)).toEqual({ q: 'review' });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('keeps a filter cleared in the very moment the typing pause ends', async () => {
    const list = await listFilteredToPending();

    // The pause ends right after Clear filters, before the list has drawn the cleared filters: the
    // search must go out with the filters as cleared, not as they were drawn last.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search reminders' }), { target: { value: 'review' } });
    act(() => {
      vi.advanceTimersByTime(SEARCH_BOX_DEBOUNCE_MS - 1);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
      vi.advanceTimersByTime(1);
    });
    // The list applies a filter change on its next tick.
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(list).toHaveBeenCalledWith('reminders', expect.objectContaining({ filter: { q: 'review' } })));
    expect(lastRemindersFilter(list)).toEqual({ q: 'review' });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('says when no reminder matches the filters', async () => {
    renderPage({ getList: getList([]) });
    await screen.findByText('No reminders scheduled yet');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    expect(await screen.findByText('No reminders match these filters.')).toBeTruthy();
  });
});
