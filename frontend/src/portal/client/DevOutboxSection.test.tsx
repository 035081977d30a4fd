import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import type { DevOutboxMessage } from '../types.ts';
import { ToastProvider } from '../ui/toast.tsx';
import { DevOutboxSection } from './DevOutboxSection.tsx';

afterEach(() => vi.restoreAllMocks());

const MESSAGES: DevOutboxMessage[] = [
  {
    id: 'o1',
    channel: 'sms',
    recipient: '+12125550942',
    subject: null,
    body: 'Ruth added you as a caregiver. Reply YES to get alerts.',
    purpose: 'caregiver',
    createdAt: '2030-01-01T15:00:00.000Z',
  },
  {
    id: 'o2',
    channel: 'voice',
    recipient: '+12125550941',
    subject: null,
    body: 'It is time to take your medication.',
    purpose: 'client-reminder',
    createdAt: '2030-01-01T14:00:00.000Z',
  },
];

const renderSection = () =>
  render(
    <ToastProvider>
      <DevOutboxSection />
    </ToastProvider>,
  );

describe('the portal’s development outbox', () => {
  it('answers a caregiver’s text and a reminder call as their recipient would, and shows the answer', async () => {
    vi.spyOn(portalApi, 'devOutbox').mockResolvedValue(MESSAGES);
    const answer = vi
      .spyOn(portalApi, 'answerDevOutbox')
      .mockResolvedValueOnce({ heard: ['You will get alerts about Ruth.'] })
      .mockResolvedValueOnce({ heard: ['Thank you for confirming. Goodbye.'] });
    renderSection();
    const section = await screen.findByRole('region', { name: 'Messages sent (development)' });
    expect(within(section).getByText('To (212) 555-0942')).toBeTruthy();
    fireEvent.change(within(section).getByRole('textbox', { name: 'Reply: (212) 555-0942' }), { target: { value: ' YES ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send reply as (212) 555-0942' }));
    await waitFor(() => expect(answer).toHaveBeenCalledWith('o1', { action: 'reply', text: 'YES' }));
    expect((await within(section).findByText(/You will get alerts about Ruth/)).textContent).toBe(
      'Answered: “You will get alerts about Ruth.”',
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Press 1' }));
    await waitFor(() => expect(answer).toHaveBeenLastCalledWith('o2', { action: 'key', digits: '1' }));
  });

  it('shows nothing where the server has no development outbox', async () => {
    const asked = vi.spyOn(portalApi, 'devOutbox').mockRejectedValue(new ApiError(404, '404: Not Found', undefined));
    const { container } = renderSection();
    await waitFor(() => expect(asked).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
