import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithAdmin, TEST_USER } from '../testUtils.tsx';
import { PortalPreviewPage } from './PortalPreviewPage.tsx';

describe('the client portal preview', () => {
  it('shows the portal with the agency branding and sample data, calling nothing', () => {
    renderWithAdmin(<PortalPreviewPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Client Portal Preview' })).toBeTruthy();
    expect(screen.getByText('Whitfield Medicare Advisors')).toBeTruthy();
    expect(screen.getByText('Welcome, Margaret!')).toBeTruthy();
    expect(screen.getByText(TEST_USER.sponsorMessage!)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Medications' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Reminders' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Upcoming Reminders' })).toBeTruthy();
    expect(screen.getByText(/Only you can see it/)).toBeTruthy();
    expect(screen.getByText(/Sample data/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Medication' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('falls back to Your Healthcare Team and hides an empty sponsor message', () => {
    renderWithAdmin(<PortalPreviewPage />, { user: { ...TEST_USER, agencyName: '', sponsorMessage: '' } });
    expect(screen.getAllByText(/Your Healthcare Team/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/A message from/)).toBeNull();
  });
});
