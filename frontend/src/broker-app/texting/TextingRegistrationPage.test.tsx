import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithAdmin } from '../testUtils.tsx';
import type { TextingPreview, TextingRegistration } from '../types.ts';
import { TextingRegistrationPage } from './TextingRegistrationPage.tsx';

const CAMPAIGN = {
  useCase: 'MIXED',
  description: 'Harbor Senior Insurance is a licensed Medicare insurance agency.',
  messageFlow: 'Clients are the agency’s existing Medicare clients.',
  messageSamples: ['Harbor Senior Insurance: It’s time to take your medication Reply STOP to opt out.'],
  optOutKeywords: ['STOP', 'ALTO'],
  optOutMessage: 'Harbor Senior Insurance: You will not receive more texts from us.',
  helpKeywords: ['HELP', 'AYUDA'],
  helpMessage: 'Reminders from Harbor Senior Insurance.',
};
const FEES = {
  asOf: '2026-11-29',
  sources: ['https://example.com/fees'],
  brandRegistrationCents: 400,
  secondaryVettingCents: 4000,
  campaignVettingCents: 1500,
  campaignMonthlyCents: 1000,
  localNumberMonthlyCents: 115,
  oneTimeCents: 5900,
  monthlyCents: 1115,
};
const PREVIEW: TextingPreview = {
  mode: 'twilio',
  company: CAMPAIGN,
  soleProprietor: { ...CAMPAIGN, useCase: 'SOLE_PROPRIETOR' },
  companyFees: FEES,
  soleProprietorFees: { ...FEES, secondaryVettingCents: 0, campaignMonthlyCents: 200, oneTimeCents: 1900, monthlyCents: 315 },
  areaCode: 813,
  campaignOnly: false,
};

function renderPage(registration: TextingRegistration | null, more: Record<string, unknown> = {}) {
  return renderWithAdmin(<TextingRegistrationPage />, {
    path: '/settings/texting',
    dataProvider: {
      getTextingRegistration: vi.fn().mockResolvedValue(registration),
      getTextingPreview: vi.fn().mockResolvedValue(PREVIEW),
      ...more,
    },
  });
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the text messaging registration page', () => {
  it('checks the form before sending, then sends the brand with the amounts the owner agreed to', async () => {
    const submitTextingRegistration = vi.fn().mockResolvedValue(null);
    renderPage(null, { submitTextingRegistration });
    await screen.findByText('Use case: MIXED');
    fireEvent.click(screen.getByRole('button', { name: 'Submit the registration' }));
    expect(await screen.findByText('Some fields need a correction: see the messages under them.')).toBeTruthy();
    expect(screen.getByText('Confirm the amounts to submit.')).toBeTruthy();
    type(/^EIN/, '123');
    fireEvent.click(screen.getByRole('button', { name: 'Submit the registration' }));
    expect(await screen.findByText('The EIN has 9 digits, written 12-3456789.')).toBeTruthy();
    expect(submitTextingRegistration).not.toHaveBeenCalled();

    type(/Legal business name/, ' Harbor Senior Insurance LLC ');
    type(/^EIN/, '12-3456789');
    type(/Street address/, '100 Harbor Way');
    type(/^City/, 'Tampa');
    type(/^State/, 'fl');
    type(/ZIP code/, '33602');
    type(/Website/, 'https://harborsenior.example');
    type(/First name/, 'Dana');
    type(/Last name/, 'Reyes');
    type(/^E-mail/, 'dana@harborsenior.example');
    type(/Mobile phone/, '+18135550100');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to pay $59.00 now and $11.15 a month once approved.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit the registration' }));
    await waitFor(() =>
      expect(submitTextingRegistration).toHaveBeenCalledWith(
        expect.objectContaining({
          legalName: 'Harbor Senior Insurance LLC',
          businessType: 'llc',
          ein: '12-3456789',
          state: 'FL',
          confirmOneTimeCents: 5900,
          confirmMonthlyCents: 1115,
        }),
      ),
    );
  });

  it('shows a failure in plain words beside Twilio’s own, and offers to fix and resubmit', async () => {
    renderPage({
      status: 'failed',
      steps: [
        { step: 'profile', status: 'approved' },
        { step: 'brand', status: 'failed' },
        { step: 'campaign', status: 'not_started' },
        { step: 'number', status: 'not_started' },
      ],
      failures: [{ step: 'brand', code: null, raw: 'TAX_ID_MISMATCH', plainEn: 'The EIN does not match.', plainEs: 'El EIN no coincide.' }],
      brand: {
        legalName: 'Wrong Name LLC',
        businessType: 'llc',
        ein: '12-3456789',
        street: '100 Harbor Way',
        city: 'Tampa',
        state: 'FL',
        postalCode: '33602',
        website: 'https://harborsenior.example',
        contactFirstName: 'Dana',
        contactLastName: 'Reyes',
        contactEmail: 'dana@harborsenior.example',
        contactPhone: '+18135550100',
        contactTitle: 'Owner',
      },
      useCase: 'MIXED',
      numbers: [],
      confirmedFeesCents: 5900,
      attempts: 1,
      submittedAt: '2026-11-29T12:00:00.000Z',
      approvedAt: null,
      checkedAt: null,
    });
    expect(await screen.findByText('The EIN does not match.')).toBeTruthy();
    expect(screen.getByText('Twilio’s words: TAX_ID_MISMATCH')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit the registration' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fix and resubmit' }));
    expect(((await screen.findByLabelText(/Legal business name/)) as HTMLInputElement).value).toBe('Wrong Name LLC');
  });
});
