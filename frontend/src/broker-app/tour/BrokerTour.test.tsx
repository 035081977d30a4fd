import { act, fireEvent, screen } from '@testing-library/react';
import { ACTIONS, EVENTS, STATUS } from 'react-joyride';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { endsTour, TOUR_LOCALE } from '../../shared/tourOptions.ts';
import { renderWithAdmin } from '../testUtils.tsx';
import { brokerTourSteps } from './brokerSteps.ts';
import { BrokerTour } from './BrokerTour.tsx';
import { isTourCompleted, markTourCompleted, resetTour } from './tourState.ts';

describe('the broker_welcome tour', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('has the eight steps of the spec, the first centred', () => {
    const steps = brokerTourSteps('Whitfield Medicare Advisors');
    expect(steps).toHaveLength(8);
    expect(steps[0]).toMatchObject({ target: 'body', placement: 'center' });
    expect(steps[0].title).toBe('Welcome to Whitfield Medicare Advisors!');
    expect(steps.slice(1).map((s) => s.target)).toEqual([
      '[data-tour="dashboard-stats"]',
      '[data-tour="nav-clients"]',
      '[data-tour="nav-reminders"]',
      '[data-tour="nav-campaigns"]',
      '[data-tour="nav-resources"]',
      '[data-tour="nav-branding"]',
      '[data-tour="nav-help"]',
    ]);
  });

  it('uses the spec labels', () => {
    expect(TOUR_LOCALE).toEqual({
      back: 'Back',
      close: 'Close',
      last: 'Last',
      next: 'Next',
      nextWithProgress: 'Next (Step {current} of {total})',
      skip: 'Skip',
    });
  });

  it('ends on finish, skip, or a closed step, not on next or back', () => {
    expect(endsTour({ type: EVENTS.TOUR_END, action: ACTIONS.NEXT, status: STATUS.FINISHED })).toBe(true);
    expect(endsTour({ type: EVENTS.TOUR_STATUS, action: ACTIONS.SKIP, status: STATUS.SKIPPED })).toBe(true);
    expect(endsTour({ type: EVENTS.STEP_AFTER, action: ACTIONS.CLOSE, status: STATUS.RUNNING })).toBe(true);
    expect(endsTour({ type: EVENTS.STEP_AFTER, action: ACTIONS.NEXT, status: STATUS.RUNNING })).toBe(false);
    expect(endsTour({ type: EVENTS.STEP_AFTER, action: ACTIONS.PREV, status: STATUS.RUNNING })).toBe(false);
  });

  it('keeps its flag in localStorage as tour_completed_broker_welcome = true, and restarts by clearing it', () => {
    expect(isTourCompleted('broker_welcome')).toBe(false);
    markTourCompleted('broker_welcome');
    expect(localStorage.getItem('tour_completed_broker_welcome')).toBe('true');
    expect(isTourCompleted('broker_welcome')).toBe(true);
    resetTour('broker_welcome');
    expect(isTourCompleted('broker_welcome')).toBe(false);
  });

  it('starts 500 ms after load when not completed, and not at all when completed', async () => {
    vi.useFakeTimers();
    renderWithAdmin(<BrokerTour />);
    await act(async () => vi.advanceTimersByTime(400));
    expect(screen.queryByText('Welcome to Whitfield Medicare Advisors!')).toBeNull();
    await act(async () => vi.advanceTimersByTime(200));
    vi.useRealTimers();
    expect(await screen.findByText('Welcome to Whitfield Medicare Advisors!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
  });

  it('does not start when the flag is set', async () => {
    markTourCompleted('broker_welcome');
    renderWithAdmin(<BrokerTour />);
    await new Promise((r) => setTimeout(r, 700));
    expect(screen.queryByText('Welcome to Whitfield Medicare Advisors!')).toBeNull();
  });

  it('ends for good on Escape', async () => {
    renderWithAdmin(<BrokerTour />);
    await screen.findByText('Welcome to Whitfield Medicare Advisors!');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByText('Welcome to Whitfield Medicare Advisors!')).toBeNull());
    expect(isTourCompleted('broker_welcome')).toBe(true);
  });
});
