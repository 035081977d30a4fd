import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { testNow } from '../../testClock.ts';
import { renderWithAdmin, testClient } from '../testUtils.tsx';
import type { Client } from '../types.ts';
import { ClientEdit } from './ClientEdit.tsx';
import { ClientShow } from './ClientShow.tsx';
import { dayOf, sixtyFifthBirthdaySoon } from './facts.ts';
import type { ClientWithFacts } from './retentionTypes.ts';

/** Someone whose 65th birthday is in about three months. */
const turning65 = (() => {
  const date = testNow();
  date.setFullYear(date.getFullYear() - 65);
  date.setMonth(date.getMonth() + 3, 3);
  return dayOf(date);
})();

const CLIENT: ClientWithFacts = testClient({
  engagementScore: 30,
  dateOfBirth: turning65,
  planType: 'medicare_advantage',
  planEffectiveDate: '2026-01-01',
  carrier: 'Humana',
  riskScore: 82,
  riskLevel: 'high',
  riskReasons: ['unanswered_messages', 'plan_anniversary_soon'],
});

const CONSENT = { current: [], events: [] };

function renderShow(client: ClientWithFacts = CLIENT, more: Record<string, unknown> = {}) {
  return renderWithAdmin(
    <Routes>
      <Route path="/clients/:id" element={<ClientShow />} />
    </Routes>,
    {
      path: '/clients/c1',
      dataProvider: {
        getOne: vi.fn().mockResolvedValue({ data: client }),
        getClientPolicies: vi.fn().mockResolvedValue([]),
        getMembers: vi.fn().mockResolvedValue([]),
        ...more,
        getManyReference: vi.fn().mockResolvedValue({ data: [], total: 0 }),
        getClientEngagement: vi.fn().mockResolvedValue({ score: 30, points: [] }),
        getClientTimeline: vi.fn().mockResolvedValue([]),
        getClientConsent: vi.fn().mockResolvedValue(CONSENT),
      },
    },
  );
}

describe('the client page', () => {
  it('says the risk of leaving and why, in words', async () => {
    renderShow();
    const risk = within(await screen.findByRole('region', { name: 'Risk of leaving' }));
    expect(risk.getByText('High risk')).toBeTruthy();
    expect(risk.getByText('Risk score 82 of 100')).toBeTruthy();
    expect(risk.getByText('Calls or texts went unanswered')).toBeTruthy();
    expect(risk.getByText('Their plan anniversary is within 60 days')).toBeTruthy();
  });

  it('lists the plan facts with the age and the coming 65th birthday', async () => {
    renderShow();
    const facts = within(await screen.findByRole('region', { name: 'Plan and birthday' }));
    expect(facts.getByText(/\(age 64\)$/)).toBeTruthy();
    expect(sixtyFifthBirthdaySoon(turning65)).not.toBeNull();
    expect(facts.getByText(/^Turns 65 on [A-Z][a-z]{2} 03, \d{4}$/)).toBeTruthy();
    expect(facts.getByText('Medicare Advantage')).toBeTruthy();
    expect(facts.getByText('Jan 01, 2026')).toBeTruthy();
    expect(facts.getByText('Humana')).toBeTruthy();
  });

  it('says nothing is known when the facts are not given, and a low risk in words', async () => {
    renderShow({
      ...CLIENT,
      dateOfBirth: null,
      planType: null,
      planEffectiveDate: null,
      carrier: null,
      riskLevel: 'low',
      riskScore: 10,
      riskReasons: [],
    });
    const facts = within(await screen.findByRole('region', { name: 'Plan and birthday' }));
    expect(facts.getAllByText('Not given')).toHaveLength(4);
    const risk = within(screen.getByRole('region', { name: 'Risk of leaving' }));
    expect(risk.getByText(/^Low risk: nothing suggests/)).toBeTruthy();
    expect(risk.queryByText('High risk')).toBeNull();
    // A low engagement score beside a low risk of leaving: two measures, two words, no contradiction.
    expect(await screen.findByText('Low engagement: a call may help keep this client')).toBeTruthy();
    expect(screen.queryByText(/At risk/)).toBeNull();
  });
});

describe('the client page’s invitation card', () => {
  it('says the invitation was sent, with Resend Invite, once the invitation has gone, without a reload', async () => {
    const sent: ClientWithFacts = { ...CLIENT, inviteStatus: 'pending', inviteToken: true };
    const getOne = vi.fn().mockResolvedValue({ data: CLIENT });
    const inviteClient = vi.fn().mockImplementation(async () => {
      // The server now answers the client as invited.
      getOne.mockResolvedValue({ data: sent });
      return { success: true, message: 'Invitation sent by text.', inviteUrl: 'http://app/client/register/x' };
    });
    renderShow(CLIENT, { getOne, inviteClient });
    const card = within(await screen.findByRole('region', { name: 'Portal invitation' }));
    expect(card.getByText('Not invited yet.')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: /^Send Invite/ }));
    expect(await card.findByText('Invitation sent; waiting for the client to register.')).toBeTruthy();
    expect(card.getByRole('button', { name: /^Resend Invite/ })).toBeTruthy();
    expect(inviteClient).toHaveBeenCalledWith('c1');
  });
});

describe('the client edit form', () => {
  function renderEdit() {
    const update = vi.fn().mockResolvedValue({ data: { ...CLIENT, isActive: false } });
    renderWithAdmin(
      <Routes>
        <Route path="/clients/:id/edit" element={<ClientEdit />} />
      </Routes>,
      {
        path: '/clients/c1/edit',
        dataProvider: {
          getOne: vi.fn().mockResolvedValue({ data: CLIENT as Client }),
          update,
          getClientUsage: vi.fn().mockResolvedValue({}),
        },
      },
    );
    return update;
  }

  it('refuses a date of birth in the future', async () => {
    const update = renderEdit();
    const dob = (await screen.findByLabelText(/^Date of birth/)) as HTMLInputElement;
    expect(dob.value).toBe(turning65);
    fireEvent.change(dob, { target: { value: `${testNow().getFullYear() + 1}-01-01` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Date of birth cannot be in the future')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  }, 20_000);

  it('sends the facts (an emptied one as null), and why the client leaves when marked inactive', async () => {
    const update = renderEdit();
    await screen.findByLabelText(/^Date of birth/);
    expect(screen.queryByText('Why is this client leaving?')).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Date of birth/), { target: { value: '1960-05-05' } });
    fireEvent.change(screen.getByLabelText(/^Carrier/), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Active'));
    await screen.findByText('Why is this client leaving?');
    fireEvent.click(screen.getByRole('radio', { name: 'Moved' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][1].data).toEqual(
      expect.objectContaining({
        isActive: false,
        departureReason: 'moved',
        dateOfBirth: '1960-05-05',
        carrier: null,
        planType: 'medicare_advantage',
        planEffectiveDate: '2026-01-01',
      }),
    );
    expect(update.mock.calls[0][1].data).not.toHaveProperty('riskScore');
  }, 20_000);
});
