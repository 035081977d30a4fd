import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithAdmin } from '../testUtils.tsx';
import type { OutboxMessage } from '../types.ts';
import { linkify } from './body.tsx';
import { OutboxList } from './OutboxList.tsx';
import { purposeLabel } from './texts.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const INVITE_URL = 'http://localhost:3000/client/register/abc123';

const MESSAGES: OutboxMessage[] = [
  {
    id: 'm1',
    channel: 'sms',
    recipient: '+16155550142',
    subject: null,
    body: `Whitfield Medicare Advisors invited you to your private portal. Create your account here (the link works for 7 days): ${INVITE_URL}`,
    purpose: 'client-invitation',
    // Local time, so the expected text does not depend on the machine's time zone.
    createdAt: new Date(2026, 10, 21, 14, 5).toISOString(),
  },
  {
    id: 'm2',
    channel: 'voice',
    recipient: '+16155550199',
    subject: null,
    body: 'Hello, this is Whitfield Medicare Advisors.\nPlease call us back.\nPress 1 to confirm you got this message.',
    purpose: 'reminder',
    createdAt: '2026-11-21T13:00:00.000Z',
  },
  {
    id: 'm3',
    channel: 'email',
    recipient: 'margaret@example.com',
    subject: 'AEP is coming',
    body: 'Annual enrolment starts soon. Read more at https://agency.test/aep.',
    purpose: 'campaign',
    createdAt: '2026-11-20T09:30:00.000Z',
  },
];

function renderOutbox(getList = vi.fn().mockResolvedValue({ data: MESSAGES, total: MESSAGES.length }), answerOutbox = vi.fn()) {
  return { getList, ...renderWithAdmin(<OutboxList />, { dataProvider: { getList, answerOutbox }, path: '/dev/outbox' }) };
}

describe('the development outbox', () => {
  it('asks for the outbox newest first and shows every channel', async () => {
    const { getList } = renderOutbox();
    expect(await screen.findByRole('heading', { level: 1, name: 'Outbox' })).toBeTruthy();
    expect(screen.getByText(/In development nothing is really sent/)).toBeTruthy();
    await screen.findByText('+16155550142');
    expect(getList.mock.calls[0][0]).toBe('dev/outbox');
    expect(getList.mock.calls[0][1]).toMatchObject({ sort: { field: 'createdAt', order: 'DESC' }, filter: {} });

    const entries = screen.getAllByRole('article');
    expect(entries).toHaveLength(3);

    const sms = screen.getByRole('article', { name: 'SMS to +16155550142' });
    expect(within(sms).getByText('Client invitation')).toBeTruthy();
    expect(within(sms).getByText('Nov 21, 2026 at 2:05 PM')).toBeTruthy();
    const invite = within(sms).getByRole('link', { name: INVITE_URL });
    expect(invite.getAttribute('href')).toBe(INVITE_URL);
    expect(invite.getAttribute('target')).toBe('_blank');

    const call = screen.getByRole('article', { name: 'Voice call to +16155550199' });
    expect(within(call).getByText('Call script')).toBeTruthy();
    expect(within(call).getByText(/Press 1 to confirm you got this message/)).toBeTruthy();
    expect(within(call).getByText('Reminder')).toBeTruthy();

    const email = screen.getByRole('article', { name: 'E-mail to margaret@example.com' });
    expect(within(email).getByText('AEP is coming')).toBeTruthy();
    expect(within(email).getByText('Campaign')).toBeTruthy();
    // The full stop after the link is the sentence's, not the link's.
    expect(within(email).getByRole('link', { name: 'https://agency.test/aep' }).getAttribute('href')).toBe('https://agency.test/aep');
  });

  it('shows an HTML e-mail in a sandboxed frame, never in the page', async () => {
    const html = '<p>Hello <b>Margaret</b></p><script>alert(1)</script>';
    renderOutbox(
      vi.fn().mockResolvedValue({
        data: [{ ...MESSAGES[2], body: html }],
        total: 1,
      }),
    );
    const frame = (await screen.findByTitle('E-mail preview: AEP is coming')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toContain(html);
    expect(document.querySelector('script')).toBeNull();
    expect(screen.queryByText('Margaret')).toBeNull();
  });

  it('filters by channel', async () => {
    const getList = vi.fn().mockImplementation((_resource, params: { filter: { channel?: string } }) => {
      const data = MESSAGES.filter((m) => !params.filter.channel || m.channel === params.filter.channel);
      return Promise.resolve({ data, total: data.length });
    });
    renderOutbox(getList);
    await screen.findByText('+16155550142');
    const filter = screen.getByRole('group', { name: 'Channel' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Voice', 'SMS', 'E-mail']);
    expect(within(filter).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(filter).getByRole('button', { name: 'Voice' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(getList).toHaveBeenLastCalledWith('dev/outbox', expect.objectContaining({ filter: { channel: 'voice' } }));
    expect(screen.getByRole('article', { name: 'Voice call to +16155550199' })).toBeTruthy();
    expect(within(filter).getByRole('button', { name: 'Voice' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(filter).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
  });

  it('answers a text and a call as their recipient would, and shows what the app said back; an e-mail has no phone', async () => {
    const answerOutbox = vi
      .fn()
      .mockResolvedValueOnce({ heard: ['You will no longer receive texts from us. Reply START to receive them again.'] })
      .mockResolvedValueOnce({ heard: ['Hello, this is Whitfield Medicare Advisors.', 'Thank you for confirming. Goodbye.'] });
    renderOutbox(undefined, answerOutbox);
    const text = await screen.findByRole('region', { name: 'Answer as +16155550142' });
    const send = within(text).getByRole('button', { name: 'Send reply' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(within(text).getByLabelText('Reply'), { target: { value: ' STOP ' } });
    fireEvent.click(send);
    await waitFor(() => expect(answerOutbox).toHaveBeenCalledWith('m1', { action: 'reply', text: 'STOP' }));
    expect((await within(text).findByRole('status')).textContent).toContain('You will no longer receive texts from us.');

    const call = screen.getByRole('region', { name: 'Answer as +16155550199' });
    fireEvent.click(within(call).getByRole('button', { name: 'Press 1 (confirm)' }));
    await waitFor(() => expect(answerOutbox).toHaveBeenLastCalledWith('m2', { action: 'key', digits: '1' }));
    expect((await within(call).findByRole('status')).textContent).toContain('Thank you for confirming. Goodbye.');
    for (const label of ['Press 9 (stop calls)', 'Voicemail', 'No answer'])
      expect(within(call).getByRole('button', { name: label })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Answer as margaret@example.com' })).toBeNull();
  });

  it('has an empty state, with a hint that depends on the filter', async () => {
    renderOutbox(vi.fn().mockResolvedValue({ data: [], total: 0 }));
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(screen.getByText(/Invitations, reminder calls and texts/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'E-mail' }));
    expect(await screen.findByText('Nothing on this channel yet. Choose All to see every message.')).toBeTruthy();
  });

  it('says when the outbox cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderOutbox(vi.fn().mockRejectedValue(new HttpError('500: boom', 500, {})));
    await waitFor(() => expect(screen.getAllByText('Failed to load the outbox')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('outbox helpers', () => {
  it('makes links clickable and leaves the rest as text', () => {
    const parts = linkify('Open https://a.test/x, then http://b.test/y.');
    expect(parts).toHaveLength(5);
    expect(parts[0]).toBe('Open ');
    expect(parts[2]).toBe(', then ');
    expect(parts[4]).toBe('.');
    expect(linkify('no links here')).toEqual(['no links here']);
  });

  it('names the purposes', () => {
    expect(purposeLabel('client-invitation')).toBe('Client invitation');
    expect(purposeLabel('campaign')).toBe('Campaign');
    expect(purposeLabel('trial-ending_notice')).toBe('Trial ending notice');
  });
});
