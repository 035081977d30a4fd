import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { loadLateAreas } from '../i18n/useBrokerTexts.ts';
import { renderWithAdmin, testUserAs } from '../testUtils.tsx';
import type { InboxMessage, InboxThread } from '../types.ts';
import { InboxPage } from './InboxPage.tsx';

const thread = (fields: Partial<InboxThread> = {}): InboxThread => ({
  id: 'th1',
  phone: '+16155550191',
  sender: 'client',
  clientId: 'c1',
  clientName: 'Rosa Diaz',
  assignedMemberId: null,
  assignedMemberName: null,
  status: 'open',
  lastMessageAt: '2026-11-25T15:00:00.000Z',
  preview: 'Can you call me about my plan?',
  lastDirection: 'in',
  unreadCount: 1,
  needsReplySince: '2026-11-25T15:00:00.000Z',
  optedOut: false,
  optedOutAt: null,
  doneAt: null,
  ...fields,
});

const MESSAGES: InboxMessage[] = [
  {
    id: 'a1',
    source: 'inbox',
    direction: 'out',
    kind: 'auto_reply',
    channel: 'sms',
    body: 'Thanks for your text! We are closed now.',
    status: 'sent',
    memberName: null,
    at: '2026-11-25T15:06:00.000Z',
  },
  {
    id: 'e1',
    source: 'inbox',
    direction: 'event',
    kind: 'confirmed',
    channel: 'sms',
    body: null,
    status: null,
    memberName: null,
    at: '2026-11-25T15:05:00.000Z',
  },
  {
    id: 'm1',
    source: 'inbox',
    direction: 'in',
    kind: 'text',
    channel: 'sms',
    body: 'Can you call me about my plan?',
    status: null,
    memberName: null,
    at: '2026-11-25T15:00:00.000Z',
  },
  {
    id: 'r1',
    source: 'reminder',
    direction: 'out',
    kind: 'sent',
    channel: 'sms',
    body: 'Your annual review is next week',
    status: 'completed',
    memberName: null,
    at: '2026-11-24T15:00:00.000Z',
  },
];

const page = () => (
  <Routes>
    <Route path="/inbox" element={<InboxPage />} />
    <Route path="/inbox/:id" element={<InboxPage />} />
  </Routes>
);

beforeAll(() => loadLateAreas());

describe('the Inbox page', () => {
  it('lists the conversations with their unread count and asks for a filter’s', async () => {
    const getInboxThreads = vi.fn().mockResolvedValue([thread()]);
    renderWithAdmin(page(), { path: '/inbox', dataProvider: { getInboxThreads } });
    const list = await screen.findByRole('region', { name: 'Conversations' });
    await within(list).findByText('Can you call me about my plan?');
    expect(within(list).getByText('1 unread')).toBeTruthy();
    expect(getInboxThreads).toHaveBeenLastCalledWith({ status: 'open' });
    fireEvent.click(within(list).getByRole('button', { name: 'Needs reply' }));
    await waitFor(() => expect(getInboxThreads).toHaveBeenLastCalledWith({ needsReply: true }));
  });

  it('shows a conversation (events without words), reads it, and sends a reply; a refusal shows its reason', async () => {
    const updateInboxThread = vi.fn().mockResolvedValue(thread({ unreadCount: 0 }));
    const replyInbox = vi
      .fn()
      .mockRejectedValueOnce(
        Object.assign(new Error('Reminders from brokers must be generic'), {
          status: 400,
          body: { message: 'Reminders from brokers must be generic' },
        }),
      )
      .mockRejectedValueOnce(
        Object.assign(new Error('Outside calling hours'), {
          status: 409,
          body: { message: 'Outside calling hours where they live', reason: 'calling_hours', allowedFrom: '2026-03-11T13:00:00.000Z' },
        }),
      )
      .mockRejectedValueOnce(
        Object.assign(new Error('Texts wait'), {
          status: 409,
          body: { message: 'Texts wait for the registration', reason: 'registration' },
        }),
      )
      .mockResolvedValue(MESSAGES[1]);
    renderWithAdmin(page(), {
      path: '/inbox/th1',
      dataProvider: {
        getInboxThreads: vi.fn().mockResolvedValue([thread()]),
        getInboxThread: vi.fn().mockResolvedValue(thread()),
        getInboxMessages: vi.fn().mockResolvedValue(MESSAGES),
        getInboxTemplates: vi.fn().mockResolvedValue([]),
        getMembers: vi.fn().mockResolvedValue([]),
        updateInboxThread,
        replyInbox,
      },
    });
    const timeline = await screen.findByRole('list', { name: 'Messages, newest first' });
    await within(timeline).findByText(/Confirmed a reminder/);
    expect(within(timeline).getByText('Auto-reply (office closed)')).toBeTruthy();
    expect(within(timeline).getByText('Your annual review is next week')).toBeTruthy();
    expect(within(timeline).getByText('Reminder · Text')).toBeTruthy();
    await waitFor(() => expect(updateInboxThread).toHaveBeenCalledWith('th1', { read: true }));

    fireEvent.change(screen.getByLabelText('Reply'), { target: { value: 'Did you take your insulin?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Reminders from brokers must be generic');
    // The app's own words for a reason it knows, with the time in the broker's format.
    fireEvent.change(screen.getByLabelText('Reply'), { target: { value: 'Hi, call you at 7?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/^Outside calling hours where they live \(8 AM–9 PM\): send it after /),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Texts wait for your agency’s carrier registration (A2P 10DLC)'),
    );
    fireEvent.change(screen.getByLabelText('Reply'), { target: { value: 'Hi {firstName}, I will call at 3.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(replyInbox).toHaveBeenLastCalledWith('th1', 'Hi {firstName}, I will call at 3.'));
  });

  it('lets a read-only member read, without the reply box or the actions', async () => {
    renderWithAdmin(page(), {
      path: '/inbox/th1',
      user: testUserAs('read_only'),
      dataProvider: {
        getInboxThreads: vi.fn().mockResolvedValue([thread()]),
        getInboxThread: vi.fn().mockResolvedValue(thread()),
        getInboxMessages: vi.fn().mockResolvedValue(MESSAGES),
        getMembers: vi.fn().mockResolvedValue([]),
      },
    });
    await screen.findByRole('list', { name: 'Messages, newest first' });
    expect(screen.queryByLabelText('Reply')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark done' })).toBeNull();
  });

  it('opens on the filter the dashboard links to: the conversations overdue', async () => {
    const getInboxThreads = vi.fn().mockResolvedValue([thread()]);
    renderWithAdmin(page(), { path: '/inbox?filter=overdue', dataProvider: { getInboxThreads } });
    await screen.findByText('Can you call me about my plan?');
    expect(getInboxThreads).toHaveBeenLastCalledWith({ overdue: true });
    expect(screen.getByRole('button', { name: 'Overdue' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lets an owner set the office hours: a day closed, a holiday, the auto-reply and the promise; a refusal shows the server’s words', async () => {
    const open = { open: '09:00', close: '17:00' };
    const hours = {
      week: { mon: open, tue: open, wed: open, thu: open, fri: open, sat: null, sun: null },
      holidays: [],
      autoReply: false,
      autoReplyEn: 'We are closed.',
      autoReplyEs: 'Estamos cerrados.',
      replyPromiseDays: 1,
      timeZone: 'America/Chicago',
      openNow: false,
      saved: false,
    };
    const saveOfficeHours = vi
      .fn()
      .mockRejectedValueOnce(
        Object.assign(new Error('bad'), {
          status: 400,
          body: { message: 'fri: the closing time must be after the opening time', field: 'week.fri' },
        }),
      )
      .mockResolvedValue({ ...hours, saved: true });
    renderWithAdmin(page(), {
      path: '/inbox',
      dataProvider: { getInboxThreads: vi.fn().mockResolvedValue([]), getOfficeHours: vi.fn().mockResolvedValue(hours), saveOfficeHours },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Office hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Office hours for texts' });
    await within(dialog).findByText(/America\/Chicago/);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Open on Friday' }));
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-12-24' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Christmas Eve' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add holiday' }));
    expect(within(dialog).getByText('2026-12-24 · Christmas Eve')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText(/Send an auto-reply/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('fri: the closing time must be after the opening time');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saveOfficeHours).toHaveBeenLastCalledWith({
      ...{ week: { ...hours.week, fri: null }, holidays: [{ date: '2026-12-24', name: 'Christmas Eve' }] },
      autoReply: true,
      autoReplyEn: 'We are closed.',
      autoReplyEs: 'Estamos cerrados.',
      replyPromiseDays: 1,
    });
  });

  it('shows the office hours only to owners', async () => {
    renderWithAdmin(page(), {
      path: '/inbox',
      user: testUserAs('agent'),
      dataProvider: { getInboxThreads: vi.fn().mockResolvedValue([]) },
    });
    await screen.findByRole('button', { name: 'Templates' });
    expect(screen.queryByRole('button', { name: 'Office hours' })).toBeNull();
  });
});
