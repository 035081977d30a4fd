import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../lib/http.ts';
import { renderWithAdmin, testClient, testUserAs } from '../testUtils.tsx';
import type { CurrentUser, Member, Policy } from '../types.ts';
import { ClientShow } from './ClientShow.tsx';

const CLIENT = testClient({ email: null, engagementScore: 30 });

const member = (id: string, firstName: string): Member => ({
  id,
  email: `${firstName.toLowerCase()}@example.com`,
  firstName,
  lastName: 'Whitfield',
  role: 'agent',
  status: 'active',
  clients: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastSignInAt: null,
  invitationExpiresAt: null,
});
// m1 is the signed-in owner (testUtils' TEST_USER).
const TEAM = [member('m1', 'Dana'), member('m2', 'Luis')];

const policy = (fields: Partial<Policy>): Policy => ({
  id: 'p1',
  clientId: 'c1',
  carrier: 'Humana',
  planName: 'Humana Gold Plus (HMO)',
  planId: 'H1234-001-000',
  planType: 'mapd',
  medigapPlan: null,
  status: 'active',
  applicationDate: '2025-11-20',
  effectiveDate: '2026-01-01',
  terminationDate: null,
  terminationReason: null,
  premiumCents: 2550,
  writingMemberId: 'm2',
  createdAt: '2025-11-20T15:00:00.000Z',
  updatedAt: '2025-11-20T15:00:00.000Z',
  soaId: null,
  carrierMemberId: null,
  expectedCommission: null,
  paidCommissionCents: null,
  ...fields,
});

const MAPD = policy({});
const MEDIGAP = policy({
  id: 'p2',
  carrier: 'Aetna',
  planName: 'Aetna Medicare Supplement',
  planId: null,
  planType: 'medigap',
  medigapPlan: 'G',
  status: 'terminated',
  effectiveDate: '2024-01-01',
  terminationDate: '2025-12-31',
  terminationReason: 'switched_plan',
  premiumCents: null,
  writingMemberId: null,
});

function renderPage(policies: Policy[], more: Record<string, unknown> = {}, user?: CurrentUser) {
  const getClientPolicies = vi.fn().mockResolvedValue(policies);
  const result = renderWithAdmin(
    <Routes>
      <Route path="/clients/:id" element={<ClientShow />} />
    </Routes>,
    {
      path: '/clients/c1',
      user,
      dataProvider: {
        getOne: vi.fn().mockResolvedValue({ data: CLIENT }),
        getManyReference: vi.fn().mockResolvedValue({ data: [], total: 0 }),
        getClientEngagement: vi.fn().mockResolvedValue({ score: 30, points: [] }),
        getClientTimeline: vi.fn().mockResolvedValue([]),
        getClientConsent: vi.fn().mockResolvedValue({ current: [], events: [] }),
        getMembers: vi.fn().mockResolvedValue(TEAM),
        getClientPolicies,
        ...more,
      },
    },
  );
  return { ...result, getClientPolicies };
}

const card = async () => within(await screen.findByRole('region', { name: 'Policies' }));

const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(within(screen.getByRole('dialog')).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};
const type = (label: string, value: string) =>
  fireEvent.change(within(screen.getByRole('dialog')).getByLabelText(new RegExp(`^${label}`)), { target: { value } });

/** Opens Add policy once the members are in (the writing member defaults to the owner adding it). */
async function openAdd() {
  const policies = await card();
  await policies.findByText(/^No policies yet/);
  fireEvent.click(policies.getByRole('button', { name: 'Add policy' }));
  return within(await screen.findByRole('dialog', { name: 'Add policy' }));
}

describe('the client page’s Policies card', () => {
  it('lists each policy: carrier, plan, plan ID or Medigap letter, type, status, dates, premium and who wrote it', async () => {
    renderPage([MAPD, MEDIGAP]);
    const list = within(await (await card()).findByRole('list', { name: 'Policies' }));
    const [first, second] = list.getAllByRole('listitem');
    expect(first.textContent).toContain('Humana · Humana Gold Plus (HMO)');
    expect(first.textContent).toContain('Active');
    expect(first.textContent).toContain('Medicare Advantage with drugs (MAPD) · H1234-001-000');
    expect(first.textContent).toContain('Effective Jan 01, 2026 · $25.50 a month');
    await waitFor(() => expect(first.textContent).toContain('Written by Luis Whitfield'));
    expect(first.textContent).not.toContain('Ended');
    expect(second.textContent).toContain('Aetna · Aetna Medicare Supplement');
    expect(second.textContent).toContain('Terminated');
    expect(second.textContent).toContain('Medigap · Plan G');
    expect(second.textContent).toContain('Ended Dec 31, 2025: Switched plan');
    expect(second.textContent).not.toContain('a month');
  });

  it('shows the commission a policy is expected to earn and what was paid, to members who see commissions', async () => {
    renderPage([
      {
        ...MAPD,
        expectedCommission: { kind: 'initial', annualCents: 61_200, monthlyCents: 5_100, scheduleId: 's1' },
        paidCommissionCents: 10_200,
      },
      MEDIGAP,
    ]);
    const list = within(await (await card()).findByRole('list', { name: 'Policies' }));
    const [first, second] = list.getAllByRole('listitem');
    expect(first.textContent).toContain('Commission $51.00 a month (initial) · $102.00 paid to date');
    expect(second.textContent).not.toContain('Commission');
  });

  it('says what a policy is for while the client has none', async () => {
    renderPage([]);
    expect((await (await card()).findByText(/^No policies yet\./)).textContent).toContain('renewals, terminations and premiums');
  });

  it('adds a policy: the premium in cents, the plan ID for an MAPD plan, the owner as its writer', async () => {
    const addPolicy = vi.fn().mockResolvedValue(MAPD);
    const { getClientPolicies } = renderPage([], { addPolicy });
    await openAdd();
    type('Carrier', 'Humana');
    type('Plan name', 'Humana Gold Plus (HMO)');
    await choose('Type', 'Medicare Advantage with drugs (MAPD)');
    type('Plan ID', 'h1234-001');
    await choose('Status', 'Active');
    type('Effective date', '2026-01-01');
    type('Monthly premium', '25.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(addPolicy).toHaveBeenCalledTimes(1));
    expect(addPolicy).toHaveBeenCalledWith('c1', {
      carrier: 'Humana',
      planName: 'Humana Gold Plus (HMO)',
      planType: 'mapd',
      planId: 'h1234-001',
      status: 'active',
      applicationDate: null,
      effectiveDate: '2026-01-01',
      premiumCents: 2550,
      writingMemberId: 'm1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getClientPolicies).toHaveBeenCalledTimes(2);
  });

  it('asks no plan ID of a plan without one, and a Medigap letter of Medigap', async () => {
    const addPolicy = vi.fn().mockResolvedValue(MEDIGAP);
    renderPage([], { addPolicy });
    const dialog = await openAdd();
    type('Carrier', 'Aetna');
    type('Plan name', 'Aetna Medicare Supplement');
    await choose('Type', 'Dental');
    expect(dialog.queryByLabelText(/^Plan ID/)).toBeNull();
    expect(dialog.queryByRole('combobox', { name: /^Medigap plan/ })).toBeNull();
    await choose('Type', 'Medigap');
    expect(dialog.queryByLabelText(/^Plan ID/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Required')).toBeTruthy();
    expect(addPolicy).not.toHaveBeenCalled();
    await choose('Medigap plan', 'High-deductible G');
    await choose('Writing member', 'Nobody');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(addPolicy).toHaveBeenCalledTimes(1));
    const body = addPolicy.mock.calls[0][1] as Record<string, unknown>;
    expect(body).not.toHaveProperty('planId');
    expect(body).toMatchObject({ planType: 'medigap', medigapPlan: 'HDG', premiumCents: null, writingMemberId: null });
  });

  it('refuses a negative premium or one with more than 2 decimals, saying how to write it', async () => {
    const addPolicy = vi.fn();
    renderPage([], { addPolicy });
    const dialog = await openAdd();
    type('Carrier', 'Humana');
    type('Plan name', 'Humana Gold Plus (HMO)');
    await choose('Type', 'Medicare Advantage');
    for (const premium of ['-5', '25.555']) {
      type('Monthly premium', premium);
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await dialog.findByText('Enter an amount in dollars, 0 or more, with at most 2 decimals (e.g. 25.50)')).toBeTruthy();
    }
    expect(addPolicy).not.toHaveBeenCalled();
  });

  it('refuses a plan ID that is not one and an end before the effective date before asking the server', async () => {
    const addPolicy = vi.fn();
    renderPage([], { addPolicy });
    const dialog = await openAdd();
    type('Carrier', 'Humana');
    type('Plan name', 'Humana Gold Plus (HMO)');
    await choose('Type', 'Medicare Advantage');
    type('Plan ID', 'H12-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('A plan ID is a letter, 4 digits and 3 digits, with 3 more for the segment, e.g. H1234-001-000'),
    ).toBeTruthy();
    type('Plan ID', 'h1234 001');
    await choose('Status', 'Terminated');
    type('Effective date', '2026-06-01');
    type('Termination date', '2026-05-31');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The policy cannot end before its effective date')).toBeTruthy();
    expect(dialog.queryByText(/^A plan ID is a letter/)).toBeNull();
    expect(addPolicy).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal beside its field and keeps everything typed', async () => {
    const message = 'A Part D plan’s contract starts with S (or E for an employer plan), not H';
    const addPolicy = vi.fn().mockRejectedValue(new ApiError(400, `400: ${message}`, { statusCode: 400, message, field: 'planId' }));
    renderPage([], { addPolicy });
    const dialog = await openAdd();
    type('Carrier', 'WellCare');
    type('Plan name', 'WellCare Value Script');
    await choose('Type', 'Part D');
    type('Plan ID', 'H1234-001');
    type('Monthly premium', '0.40');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const planId = (await waitFor(() => {
      const input = dialog.getByLabelText(/^Plan ID/) as HTMLInputElement;
      expect(input.getAttribute('aria-invalid')).toBe('true');
      return input;
    })) as HTMLInputElement;
    expect(document.getElementById(planId.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    expect(planId.value).toBe('H1234-001');
    expect((dialog.getByLabelText(/^Carrier/) as HTMLInputElement).value).toBe('WellCare');
    expect((dialog.getByLabelText(/^Monthly premium/) as HTMLInputElement).value).toBe('0.40');
    expect(dialog.getByRole('combobox', { name: /^Type/ }).textContent).toBe('Part D');
    // Typing there again clears the refusal.
    type('Plan ID', 'S5678-002');
    expect(dialog.queryByText(message)).toBeNull();
  });

  it('asks the date and reason once a policy is marked terminated, and sends them', async () => {
    const updatePolicy = vi.fn().mockResolvedValue(MAPD);
    renderPage([MAPD], { updatePolicy });
    const item = within((await (await card()).findAllByRole('listitem'))[0]);
    fireEvent.click(item.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit policy' }));
    expect((dialog.getByLabelText(/^Plan ID/) as HTMLInputElement).value).toBe('H1234-001-000');
    expect((dialog.getByLabelText(/^Monthly premium/) as HTMLInputElement).value).toBe('25.50');
    expect(dialog.queryByLabelText(/^Termination date/)).toBeNull();
    expect(dialog.queryByRole('combobox', { name: /^Why it ended/ })).toBeNull();
    await choose('Status', 'Terminated');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Required')).toBeTruthy();
    type('Termination date', '2026-06-30');
    await choose('Why it ended', 'Moved');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updatePolicy).toHaveBeenCalledTimes(1));
    expect(updatePolicy).toHaveBeenCalledWith(
      'p1',
      expect.objectContaining({ status: 'terminated', terminationDate: '2026-06-30', terminationReason: 'moved', planId: 'H1234-001-000' }),
    );
  });

  it('keeps the writer of a policy who has left the agency unless another is chosen', async () => {
    const updatePolicy = vi.fn().mockResolvedValue(MAPD);
    renderPage([policy({ writingMemberId: 'm9' })], { updatePolicy });
    fireEvent.click(within((await (await card()).findAllByRole('listitem'))[0]).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit policy' }));
    await waitFor(() => expect(dialog.getByRole('combobox', { name: /^Writing member/ }).textContent).toBe('A member who has left'));
    type('Carrier', 'Humana Inc.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updatePolicy).toHaveBeenCalledTimes(1));
    expect(updatePolicy.mock.calls[0][1]).toMatchObject({ carrier: 'Humana Inc.' });
    expect(updatePolicy.mock.calls[0][1]).not.toHaveProperty('writingMemberId');
  });

  it('deletes a policy after a confirmation saying it is for one entered by mistake', async () => {
    const deletePolicy = vi.fn().mockResolvedValue(MAPD);
    const { getClientPolicies } = renderPage([MAPD, MEDIGAP], { deletePolicy });
    const item = within((await (await card()).findAllByRole('listitem'))[1]);
    fireEvent.click(item.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this policy?' }));
    expect(dialog.getByText(/^Delete Aetna Aetna Medicare Supplement only if it was entered by mistake\./).textContent).toContain(
      'marked terminated instead',
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletePolicy).toHaveBeenCalledWith('p2'));
    await waitFor(() => expect(getClientPolicies).toHaveBeenCalledTimes(2));
  });

  it('offers a read-only member no Add, Edit or Delete', async () => {
    renderPage([MAPD], {}, testUserAs('read_only'));
    const policies = await card();
    await policies.findByText(/Humana Gold Plus/);
    expect(policies.queryByRole('button', { name: 'Add policy' })).toBeNull();
    expect(policies.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(policies.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
