import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import ClientTour from './ClientTour.tsx';

describe('the client_welcome tour', () => {
  beforeEach(() => localStorage.clear());

  it('does not show the progress of its steps (SPEC §4: steps not shown)', async () => {
    render(<ClientTour agencyName="Sunny Day Insurance" brandColor="#2563eb" onEnd={() => {}} />);
    expect(await screen.findByText('Welcome to your portal!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.queryByText(/Step \d+ of \d+/)).toBeNull();
    expect(screen.queryByText(/\d+\s*\/\s*5/)).toBeNull();
  });

  it('ends for good on Escape, from the moment it shows', async () => {
    const onEnd = vi.fn();
    render(<ClientTour agencyName="Sunny Day Insurance" brandColor="#2563eb" onEnd={onEnd} />);
    await screen.findByText('Welcome to your portal!');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onEnd).toHaveBeenCalled();
    expect(localStorage.getItem('tour_completed_client_welcome')).toBe('true');
  });
});
