import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { testNow } from '../../testClock.ts';
import { goToExternal } from '../billing/redirect.ts';
import { renderWithAdmin, TEST_USER } from '../testUtils.tsx';
import { BillingBanner, billingNotice } from './BillingBanner.tsx';

vi.mock('../billing/redirect.ts', () => ({ goToExternal: vi.fn() }));
afterEach(() => vi.mocked(goToExternal).mockReset());

const NOW = new Date('2026-11-23T12:00:00Z');
const DAY = 86_400_000;
const trialEnding = (ms: number) => ({
  ...TEST_USER,
  subscriptionStatus: 'trial' as const,
  trialEndsAt: new Date(testNow().getTime() + ms).toISOString(),
});

function renderBanner(user = TEST_USER, path = '/clients', dataProvider = {}) {
  return renderWithAdmin(
    <Routes>
      <Route path="*" element={<BillingBanner />} />
      <Route path="/billing" element={<h1>Billing page</h1>} />
    </Routes>,
    { user, path, dataProvider },
  );
}

describe('the subscription banner', () => {
  it.each([
    ['8 days left', 8 * DAY, null],
    ['exactly 7 days left', 7 * DAY, 'trial_ending'],
    ['6.2 days left (rounded up to 7)', 6.2 * DAY, 'trial_ending'],
    ['an hour left', 3_600_000, 'trial_ending'],
    ['the end just passed', -1000, 'trial_ended'],
  ])('on trial with %s: %s', (_label, ms, kind) => {
    const notice = billingNotice(
      { subscriptionStatus: 'trial', subscriptionTier: 'flat', trialEndsAt: new Date(NOW.getTime() + ms).toISOString() },
      NOW,
    );
    expect(notice?.kind ?? null).toBe(kind);
  });

  it('names the days left, the end date and the plan after the trial', () => {
    const notice = billingNotice({ subscriptionStatus: 'trial', subscriptionTier: 'pmpm', trialEndsAt: '2026-11-26T18:00:00Z' }, NOW);
    expect(notice?.message).toMatch(/^Your free trial ends in 4 days \(Nov 2[67], 2026\)\. Your plan after the trial: PMPM\./);
    expect(billingNotice({ subscriptionStatus: 'active', subscriptionTier: 'pmpm', trialEndsAt: null }, NOW)).toBeNull();
  });

  it('shows nothing on an active plan or early in the trial', () => {
    const { container, unmount } = renderBanner({ ...TEST_USER, subscriptionStatus: 'active' });
    expect(container.querySelector('[data-testid="billing-banner"]')).toBeNull();
    unmount();
    renderBanner(trialEnding(20 * DAY));
    expect(screen.queryByTestId('billing-banner')).toBeNull();
  });

  it('in the trial’s last week, leads to Billing with Start my subscription', async () => {
    renderBanner(trialEnding(3 * DAY));
    const banner = screen.getByRole('region', { name: 'Subscription notice' });
    expect(banner.textContent).toContain('Your free trial ends in 3 days');
    fireEvent.click(screen.getByRole('button', { name: 'Start my subscription' }));
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeTruthy();
    // Billing shows the same state with its own actions: no banner there.
    expect(screen.queryByTestId('billing-banner')).toBeNull();
  });

  it('says the trial has ended, with the same way out', () => {
    renderBanner(trialEnding(-DAY));
    expect(screen.getByTestId('billing-banner').textContent).toContain(
      'Your free trial has ended. Reminders and campaigns are paused until your subscription starts.',
    );
    expect(screen.getByRole('button', { name: 'Start my subscription' })).toBeTruthy();
  });

  it('past due with Stripe: Update Payment Method opens Stripe’s portal from any page', async () => {
    const getSubscription = vi.fn().mockResolvedValue({ billingMode: 'stripe', subscriptionStatus: 'past_due' });
    const openBillingPortal = vi.fn().mockResolvedValue({ url: 'https://billing.stripe.test/p/3' });
    renderBanner({ ...TEST_USER, subscriptionStatus: 'past_due' }, '/reminders', { getSubscription, openBillingPortal });
    expect(screen.getByTestId('billing-banner').textContent).toContain(
      'Your payment is past due. Reminders and campaigns are paused until it is paid.',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Update Payment Method' }));
    await waitFor(() => expect(goToExternal).toHaveBeenCalledWith('https://billing.stripe.test/p/3'));
  });

  it('past due in local billing: Go to Billing (where Mark as paid is)', async () => {
    const getSubscription = vi.fn().mockResolvedValue({ billingMode: 'local', subscriptionStatus: 'past_due' });
    renderBanner({ ...TEST_USER, subscriptionStatus: 'past_due' }, '/', { getSubscription });
    await waitFor(() => expect(getSubscription).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Go to Billing' }));
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeTruthy();
  });
});
