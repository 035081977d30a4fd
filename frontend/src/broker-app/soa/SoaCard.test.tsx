import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../lib/http.ts';
import { ClientShow } from '../clients/ClientShow.tsx';
import { renderWithAdmin, testClient, testUserAs } from '../testUtils.tsx';
import type { CurrentUser, Member } from '../types.ts';
import { appointmentInstant } from './PrepareSoaDialog.tsx';
import { type Soa, soaApi } from './soaApi.ts';
import UnsignedSoasCard from './UnsignedSoasCard.tsx';

const CLIENT = testClient({ email: null, assignedMemberId: 'm1' });
const OWNER: Member = {
  id: 'm1',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Whitfield',
  role: 'owner',
  status: 'active',
  clients: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastSignInAt: null,
  invitationExpiresAt: null,
};

const soa = (fields: Partial<Soa>): Soa => ({
  id: 's1',
  clientId: CLIENT.id,
  clientName: `${CLIENT.firstName} ${CLIENT.lastName}`,
  products: ['ma_mapd', 'pdp'],
  appointmentAt: '2026-12-02T15:00:00.000Z',
  method: 'phone',
  exception: null,
  ruleId: 'soa-before-appointment',
  agentMemberId: 'm1',
  agentName: 'Dana Whitfield',
  channel: 'sms',
  status: 'sent',
  sentAt: '2026-11-29T15:00:00.000Z',
  openedAt: null,
  signedAt: null,
  linkExpiresAt: '2026-12-02T16:00:00.000Z',
  signerName: null,
  signerRole: null,
  relationship: null,
  validUntil: null,
  earliestAppointmentAt: null,
  tooSoon: false,
  pdfSha256: null,
  warning: null,
  createdAt: '2026-11-29T15:00:00.000Z',
  ...fields,
});

const SIGNED = soa({
  id: 's2',
  status: 'signed',
  signedAt: '2026-11-30T15:00:00.000Z',
  signerName: 'Ann Miller',
  signerRole: 'representative',
  relationship: 'Daughter',
  validUntil: '2027-11-30T15:00:00.000Z',
  exception: 'inbound_call',
  pdfSha256: 'ab'.repeat(32),
});

function renderPage(soas: Soa[], user?: CurrentUser) {
  vi.spyOn(soaApi, 'forClient').mockResolvedValue(soas);
  return renderWithAdmin(
    <Routes>
      <Route path="/clients/:id" element={<ClientShow />} />
    </Routes>,
    {
      path: `/clients/${CLIENT.id}`,
      user,
      dataProvider: {
        getOne: vi.fn().mockResolvedValue({ data: CLIENT }),
        getManyReference: vi.fn().mockResolvedValue({ data: [], total: 0 }),
        getClientEngagement: vi.fn().mockResolvedValue({ score: 30, points: [] }),
        getClientTimeline: vi.fn().mockResolvedValue([]),
        getClientConsent: vi.fn().mockResolvedValue({ current: [], events: [] }),
        getMembers: vi.fn().mockResolvedValue([OWNER]),
        getClientPolicies: vi.fn().mockResolvedValue([]),
      },
    },
  );
}

const card = async () => within(await screen.findByRole('region', { name: 'Scope of Appointment' }));
const tooSoon = (body: Record<string, unknown>) => new ApiError(400, `400: ${JSON.stringify(body)}`, body);

afterEach(() => vi.restoreAllMocks());

describe('the client page’s Scope of Appointment card', () => {
  it('lists each one: topics, state, appointment, agent, who signed and until when, with the signed one’s PDF', async () => {
    renderPage([soa({}), SIGNED]);
    const list = within(await (await card()).findByRole('list', { name: 'Scope of Appointment' }));
    const [sent, signed] = list.getAllByRole('listitem');
    expect(sent.textContent).toContain('MA/MAPD, Part D');
    expect(sent.textContent).toContain('Sent');
    expect(sent.textContent).toContain('By phone');
    expect(sent.textContent).toContain('With Dana Whitfield');
    expect(sent.textContent).toContain('The link works until');
    expect(within(sent).getByRole('button', { name: 'Send again' })).toBeTruthy();
    expect(within(sent).queryByRole('link', { name: 'Download PDF' })).toBeNull();
    expect(signed.textContent).toContain('Signed by Ann Miller, authorized representative (Daughter) on');
    expect(signed.textContent).toContain('Valid until Nov 30, 2027');
    expect(signed.textContent).toContain('Exception recorded: The client called me');
    expect(within(signed).getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/api/soas/s2/pdf');
    expect(within(signed).queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it('offers nothing to change to a read-only member', async () => {
    renderPage([soa({})], testUserAs('read_only'));
    const list = within(await (await card()).findByRole('list', { name: 'Scope of Appointment' }));
    expect(list.queryByRole('button', { name: 'Send again' })).toBeNull();
    expect((await card()).queryByRole('button', { name: 'Prepare SOA' })).toBeNull();
  });

  it('prepares one: asks for a topic, then shows the rule’s wait and sends with the exception chosen', async () => {
    const prepare = vi
      .spyOn(soaApi, 'prepare')
      .mockRejectedValueOnce(
        tooSoon({
          message: 'Under the rule in force on the appointment’s day, it may be held no sooner than 48 hours after the client signs.',
          field: 'appointmentAt',
          exceptions: ['election_period_end', 'walk_in', 'inbound_call'],
        }),
      )
      .mockResolvedValueOnce(soa({ exception: 'walk_in' }));
    renderPage([]);
    const empty = await card();
    await empty.findByText(/^No Scope of Appointment yet/);
    fireEvent.click(empty.getByRole('button', { name: 'Prepare SOA' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Prepare a Scope of Appointment' }));
    // E-mail is not offered to a client without an address.
    expect((dialog.getByRole('radio', { name: 'E-mail' }) as HTMLInputElement).disabled).toBe(true);
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Send to sign' })));
    expect(dialog.getByRole('alert').textContent).toBe('Choose at least one topic');
    expect(prepare).not.toHaveBeenCalled();

    fireEvent.click(dialog.getByRole('checkbox', { name: 'Stand-alone prescription drug plans (Part D)' }));
    fireEvent.change(dialog.getByLabelText(/^Appointment date/), { target: { value: '2026-09-30' } });
    fireEvent.change(dialog.getByLabelText(/^Time/), { target: { value: '16:00' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Send to sign' })));
    expect(prepare).toHaveBeenLastCalledWith(CLIENT.id, {
      products: ['pdp'],
      appointmentAt: appointmentInstant('2026-09-30', '16:00'),
      method: 'phone',
      agentMemberId: 'm1',
      channel: 'sms',
    });
    expect(await dialog.findByText('The appointment is too soon for the rule in force on its day')).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Send to sign' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(dialog.getByRole('radio', { name: 'The client walked in without an appointment' }));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Send to sign' })));
    expect(prepare).toHaveBeenLastCalledWith(CLIENT.id, expect.objectContaining({ exception: 'walk_in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the dashboard’s unsigned Scopes of Appointment', () => {
  it('lists each with the client’s page, and hides once none is waiting', async () => {
    vi.spyOn(soaApi, 'unsigned').mockResolvedValue({ items: [soa({ status: 'expired' })], total: 3 });
    const { unmount } = renderWithAdmin(<UnsignedSoasCard />, {});
    const section = within(await screen.findByRole('region', { name: 'Waiting for a signature' }));
    expect(await section.findByText('3 Scopes of Appointment not signed yet')).toBeTruthy();
    expect(section.getByRole('link', { name: `${CLIENT.firstName} ${CLIENT.lastName}` }).getAttribute('href')).toBe(
      `/clients/${CLIENT.id}`,
    );
    expect(section.getByText('Link expired')).toBeTruthy();
    unmount();

    vi.spyOn(soaApi, 'unsigned').mockResolvedValue({ items: [], total: 0 });
    renderWithAdmin(<UnsignedSoasCard />, {});
    await waitFor(() => expect(soaApi.unsigned).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting for a signature' })).toBeNull());
  });
});

describe('the client page’s audit pack', () => {
  it('offers the ZIP to owners and read-only members, not to agents', async () => {
    const { unmount } = renderPage([]);
    const link = await screen.findByRole('link', { name: 'Download audit pack' });
    expect(link.getAttribute('href')).toBe(`/api/clients/${CLIENT.id}/audit-pack`);
    unmount();
    const readOnly = renderPage([], testUserAs('read_only'));
    expect(await screen.findByRole('link', { name: 'Download audit pack' })).toBeTruthy();
    readOnly.unmount();
    renderPage([], testUserAs('agent'));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Download audit pack' })).toBeNull();
  });
});
