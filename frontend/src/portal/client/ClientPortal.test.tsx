import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../lib/http.ts';
import { CLIENT_LOGOUT_URL, portalApi } from '../api.ts';
import { contrastRatio, readableBrandColor } from '../brand.ts';
import { MemoryRouter, Route, Routes, useLocation } from '../router.tsx';
import type { Adherence, ClientReminder, ContactChange, HistoryItem, MyInfo, PortalBranding } from '../types.ts';
import { ToastProvider } from '../ui/toast.tsx';
import { ClientPortal } from './ClientPortal.tsx';
import { formatDateTime, formatTime } from './portalFormat.ts';

const INFO: MyInfo = {
  client: { firstName: 'Ruth', lastName: 'Alvarez', language: 'en' },
  medications: [
    {
      id: 'm1',
      name: 'Lisinopril',
      dosage: '10 mg',
      frequency: 'Once a day',
      instructions: 'Take with water',
      pillsOnHand: null,
      pillsPerDay: null,
      daysLeft: null,
      runsOutOn: null,
      refillSoon: false,
    },
    {
      id: 'm2',
      name: 'Metformin',
      dosage: null,
      frequency: null,
      instructions: null,
      pillsOnHand: null,
      pillsPerDay: null,
      daysLeft: null,
      runsOutOn: null,
      refillSoon: false,
    },
  ],
  upcomingReminders: [
    { id: 'r1', message: 'Morning pills', scheduledTime: '2030-03-05T14:00:00.000Z', pausedAt: null },
    { id: 'r2', message: null, scheduledTime: '2030-03-06T14:00:00.000Z', pausedAt: null },
  ],
};

const BRANDING: PortalBranding = {
  agencyName: 'Sunny Day Insurance',
  logoUrl: null,
  primaryColor: '#2563eb',
  sponsorMessage: 'Call us with any plan questions.',
  disclaimer: null,
  agencyPhone: null,
};

function reminder(patch: Partial<ClientReminder>): ClientReminder {
  return {
    id: 'x',
    medicationId: null,
    scheduledTime: '2030-03-04T14:00:00.000Z',
    nextOccurrenceAt: null,
    message: null,
    deliveryMethod: 'voice',
    sayMedicationName: false,
    status: 'pending',
    isRecurring: false,
    recurrencePattern: null,
    recurrenceInterval: 1,
    recurrenceDays: null,
    recurrenceEndDate: null,
    timeZone: 'America/Chicago',
    retryAfterMinutes: 15,
    maxAttempts: 1,
    retryChannel: 'same',
    alertCaregivers: false,
    pausedAt: null,
    ...patch,
  };
}

const REMINDERS: ClientReminder[] = [
  reminder({
    id: 'r1',
    medicationId: 'm1',
    message: 'Morning pills',
    isRecurring: true,
    recurrencePattern: 'weekly',
    recurrenceInterval: 2,
    recurrenceDays: [1, 3],
    recurrenceEndDate: '2030-06-01',
    nextOccurrenceAt: '2030-03-05T14:00:00.000Z',
    retryAfterMinutes: 15,
    maxAttempts: 3,
    retryChannel: 'other',
  }),
  reminder({ id: 'r3', medicationId: 'm2', status: 'completed', deliveryMethod: 'sms' }),
  reminder({ id: 'r4', message: 'Refill order', status: 'failed' }),
];

const HISTORY: HistoryItem[] = (['confirmed', 'missed', 'skipped', 'waiting'] as const).map((outcome, i) => ({
  id: `h${i}`,
  reminderId: 'r1',
  channel: i % 2 ? 'sms' : 'voice',
  message: i === 0 ? 'Morning pills' : null,
  occurrenceAt: `2030-02-0${i + 1}T14:00:00.000Z`,
  outcome,
  confirmedAt: outcome === 'confirmed' ? '2030-02-01T14:03:00.000Z' : null,
  attempts: outcome === 'missed' ? 2 : 1,
}));

const ADHERENCE: Adherence = {
  timeZone: 'America/Chicago',
  from: '2030-01-03',
  to: '2030-02-01',
  confirmed: 1,
  missed: 1,
  skipped: 1,
  percent: 50,
  reminders: [],
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderPortal(path = '/client/portal') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ToastProvider>
        <Routes>
          <Route path="/client/portal" element={<ClientPortal />} />
          <Route path="/client/dashboard" element={<ClientPortal />} />
          <Route path="/client/login" element={<h1>Client login</h1>} />
        </Routes>
        <Where />
      </ToastProvider>
    </MemoryRouter>,
  );
}

const apiError = (status: number, message: string) => new ApiError(status, `${status}: ${JSON.stringify({ message })}`, { message });

let myInfo: ReturnType<typeof vi.spyOn>;
let reminders: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.setItem('tour_completed_client_welcome', 'true');
  myInfo = vi.spyOn(portalApi, 'myInfo').mockResolvedValue(INFO);
  vi.spyOn(portalApi, 'branding').mockResolvedValue(BRANDING);
  reminders = vi.spyOn(portalApi, 'reminders').mockResolvedValue(REMINDERS);
  vi.spyOn(portalApi, 'history').mockResolvedValue(HISTORY);
  vi.spyOn(portalApi, 'adherence').mockResolvedValue(ADHERENCE);
  vi.spyOn(portalApi, 'caregivers').mockResolvedValue([]);
  vi.spyOn(portalApi, 'contactChanges').mockResolvedValue([]);
  vi.spyOn(portalApi, 'settings').mockResolvedValue({
    timeZone: 'America/Chicago',
    timeZoneFrom: 'place',
    marketing: false,
    language: 'en',
    textSize: 'normal',
    highContrast: false,
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

const loaded = () => screen.findByRole('heading', { level: 1, name: 'Welcome, Ruth!' });
const section = (name: string) => screen.getByRole('region', { name });
const dialog = () => screen.getByRole('dialog');

describe('client portal: loading', () => {
  it('goes to the login page (replacing the portal) when no client is signed in', async () => {
    myInfo.mockResolvedValue(null);
    renderPortal();
    expect(await screen.findByRole('heading', { name: 'Client login' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/client/login');
  });

  it('shows the welcome, branding, sponsor message, Help and Sign Out, also at /client/dashboard', async () => {
    renderPortal('/client/dashboard');
    await loaded();
    expect(screen.getByText('Sunny Day Insurance')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'A message from Sunny Day Insurance' })).toBeTruthy();
    expect(screen.getByText('Call us with any plan questions.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/client/help');
    expect(screen.getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe(CLIENT_LOGOUT_URL);
    // The agency's footer names no year: the landing page keeps the product's 2025 (SPEC), and two years would disagree.
    expect(screen.getByText('© Sunny Day Insurance. Your information is kept private and secure.')).toBeTruthy();
  });

  it("uses the defaults when the agency set nothing, and the agency's logo when it has one", async () => {
    vi.mocked(portalApi.branding).mockResolvedValue({
      agencyName: '',
      logoUrl: null,
      primaryColor: '',
      sponsorMessage: '',
      disclaimer: null,
      agencyPhone: null,
    });
    const { container, unmount } = renderPortal();
    await loaded();
    expect(screen.getAllByText(/Your Healthcare Team/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/A message from/)).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect((container.querySelector('.cp-page') as HTMLElement).style.getPropertyValue('--cp-brand')).toBe('#2563eb');
    unmount();

    vi.mocked(portalApi.branding).mockResolvedValue({ ...BRANDING, logoUrl: '/uploads/logo.png' });
    renderPortal();
    await loaded();
    expect(screen.getByRole('img', { name: 'Sunny Day Insurance' }).getAttribute('src')).toBe('/uploads/logo.png');
  });

  it('darkens a too-light agency colour until it reads at 4.5:1', async () => {
    vi.mocked(portalApi.branding).mockResolvedValue({ ...BRANDING, primaryColor: '#fde047' });
    const { container } = renderPortal();
    await loaded();
    const brand = (container.querySelector('.cp-page') as HTMLElement).style.getPropertyValue('--cp-brand');
    expect(brand).toBe(readableBrandColor('#fde047'));
    expect(brand).not.toBe('#fde047');
    expect(contrastRatio(brand, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('lists the upcoming reminders with their time, or a generic name', async () => {
    renderPortal();
    await loaded();
    const upcoming = section('Upcoming Reminders');
    expect(within(upcoming).getByText('Morning pills')).toBeTruthy();
    expect(within(upcoming).getByText('Medication reminder')).toBeTruthy();
    expect(within(upcoming).getByText(formatDateTime('2030-03-05T14:00:00.000Z'))).toBeTruthy();
    expect(formatDateTime('2030-03-05T14:00:00.000Z')).toMatch(/^Mar 0[45], 2030 at \d{1,2}:00 (AM|PM)$/);
  });

  it('hides Upcoming Reminders when there are none', async () => {
    myInfo.mockResolvedValue({ ...INFO, upcomingReminders: [] });
    renderPortal();
    await loaded();
    expect(screen.queryByRole('region', { name: 'Upcoming Reminders' })).toBeNull();
  });

  it('says so and offers to try again when the portal cannot load', async () => {
    myInfo.mockRejectedValueOnce(new Error('Network error'));
    renderPortal();
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    await loaded();
  });
});

describe('client portal: medications', () => {
  it('lists the medications with the privacy notice', async () => {
    renderPortal();
    await loaded();
    const meds = section('My Medications');
    expect(within(meds).getByText('Lisinopril')).toBeTruthy();
    expect(within(meds).getByText('Take with water')).toBeTruthy();
    expect(within(meds).getByText(/Only you can see them — your broker and your agency cannot\./)).toBeTruthy();
  });

  it('requires a name, sends the optional fields as null, toasts and refetches', async () => {
    const add = vi.spyOn(portalApi, 'addMedication').mockResolvedValue({
      id: 'm9',
      name: 'Aspirin',
      dosage: '81 mg',
      frequency: null,
      instructions: null,
      pillsOnHand: null,
      pillsPerDay: null,
      daysLeft: null,
      runsOutOn: null,
      refillSoon: false,
    });
    renderPortal();
    await loaded();
    fireEvent.click(within(section('My Medications')).getByRole('button', { name: /Add Medication/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Medication' }));
    expect(await within(dialog()).findByText('Please enter the medication name')).toBeTruthy();
    expect(add).not.toHaveBeenCalled();

    fireEvent.change(within(dialog()).getByLabelText('Medication name'), { target: { value: ' Aspirin ' } });
    fireEvent.change(within(dialog()).getByLabelText('Dosage (optional)'), { target: { value: '81 mg' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Medication' }));
    expect(await screen.findByText('Medication added successfully')).toBeTruthy();
    expect(add).toHaveBeenCalledWith({
      name: 'Aspirin',
      dosage: '81 mg',
      frequency: null,
      instructions: null,
      pillsOnHand: null,
      pillsPerDay: null,
    });
    await waitFor(() => expect(myInfo).toHaveBeenCalledTimes(2));
    expect(reminders).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the failure toast with the server reason', async () => {
    vi.spyOn(portalApi, 'addMedication').mockRejectedValue(apiError(400, 'name must be at most 120 characters'));
    renderPortal();
    await loaded();
    fireEvent.click(within(section('My Medications')).getByRole('button', { name: /Add Medication/ }));
    fireEvent.change(within(dialog()).getByLabelText('Medication name'), { target: { value: 'Aspirin' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Medication' }));
    // The toast shows inside the open dialog (the modal makes the page behind it inert), and the
    // reason stays in the form after the toast has gone.
    const toast = await within(dialog()).findByText('Failed to add medication');
    expect(toast.closest('[role="alert"]')?.textContent).toContain('name must be at most 120 characters');
    expect(within(dialog()).getByText('Failed to add medication: name must be at most 120 characters')).toBeTruthy();
  });

  it('deletes after a confirmation that says its pending reminders are canceled too', async () => {
    const remove = vi.spyOn(portalApi, 'deleteMedication').mockResolvedValue(null);
    renderPortal();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Lisinopril' }));
    expect(within(dialog()).getByText('Delete Lisinopril from your list?')).toBeTruthy();
    expect(within(dialog()).getByText(/reminders for this medication that have not gone out yet will be canceled too/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Medication deleted successfully')).toBeTruthy();
    expect(remove).toHaveBeenCalledWith('m1');
    await waitFor(() => expect(reminders).toHaveBeenCalledTimes(2));
  });

  it('cancels a delete, and reports a failed one', async () => {
    const remove = vi.spyOn(portalApi, 'deleteMedication').mockRejectedValue(new Error('Network error'));
    renderPortal();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Metformin' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Metformin' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to delete medication');
  });
});

describe('client portal: reminders', () => {
  const openForm = async () => {
    renderPortal();
    await loaded();
    fireEvent.click(within(section('My Reminders')).getByRole('button', { name: /Schedule Reminder/ }));
    return within(dialog()).findByLabelText('Date');
  };
  const form = () => within(dialog());
  const submit = () => fireEvent.click(form().getByRole('button', { name: 'Schedule Reminder' }));

  it('lists reminders with time, recurrence summary and status in words; Delete only for pending', async () => {
    renderPortal();
    await loaded();
    const list = within(section('My Reminders'));
    const items = list.getAllByTestId('reminder');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByText('Morning pills')).toBeTruthy();
    expect(within(items[0]).getByText('For: Lisinopril')).toBeTruthy();
    expect(within(items[0]).getByText(`Next: ${formatDateTime('2030-03-05T14:00:00.000Z')}`)).toBeTruthy();
    expect(within(items[0]).getByText('Every 2 weeks on Mon, Wed until Jun 01, 2030 · Phone call')).toBeTruthy();
    expect(within(items[0]).getByText('If not confirmed: tried again as a text after 15 min, 3 tries in all')).toBeTruthy();
    expect(within(items[0]).getByText('Pending').className).toContain('cp-chip-pending');
    expect(within(items[1]).getByText('Metformin')).toBeTruthy();
    expect(within(items[1]).getByText('One time · Text message')).toBeTruthy();
    expect(within(items[1]).getByText('Completed').className).toContain('cp-chip-completed');
    expect(within(items[2]).getByText('Failed').className).toContain('cp-chip-failed');
    expect(within(items[0]).getByRole('button', { name: 'Delete Morning pills' })).toBeTruthy();
    expect(within(items[1]).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(items[2]).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('deletes a pending reminder after confirming, and reports a failure', async () => {
    const remove = vi
      .spyOn(portalApi, 'deleteReminder')
      .mockResolvedValueOnce(null)
      .mockRejectedValueOnce(apiError(409, 'Only pending reminders can be deleted'));
    renderPortal();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Morning pills' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Reminder deleted successfully')).toBeTruthy();
    expect(remove).toHaveBeenCalledWith('r1');
    await waitFor(() => expect(myInfo).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Morning pills' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Failed to delete reminder');
    expect(toast.textContent).toContain('Only pending reminders can be deleted');
  });

  it('requires the date and the time, and a time in the future', async () => {
    const add = vi.spyOn(portalApi, 'addReminder');
    await openForm();
    // On a phone the errors sit far above the button: the first one is scrolled to and focused.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      submit();
      expect(form().getByText('Please choose a date')).toBeTruthy();
      expect(form().getByText('Please choose a time')).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(form().getByLabelText('Date')));
      expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
      fireEvent.change(form().getByLabelText('Date'), { target: { value: '2020-01-01' } });
      fireEvent.change(form().getByLabelText('Time'), { target: { value: '08:00' } });
      submit();
      expect(form().getByText('Scheduled time must be in the future')).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(form().getByLabelText('Time')));
      expect(add).not.toHaveBeenCalled();
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('sends a one-time reminder: ISO time of the local date-time, time zone, voice by default, name not said', async () => {
    const add = vi.spyOn(portalApi, 'addReminder').mockResolvedValue(reminder({}));
    await openForm();
    expect(form().queryByLabelText('Repeats')).toBeNull();
    expect((form().getByLabelText('Phone call') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(form().getByLabelText('Date'), { target: { value: '2030-03-04' } });
    fireEvent.change(form().getByLabelText('Time'), { target: { value: '09:30' } });
    submit();
    expect(await screen.findByText('Reminder scheduled successfully')).toBeTruthy();
    expect(add).toHaveBeenCalledWith({
      medicationId: null,
      scheduledTime: new Date('2030-03-04T09:30').toISOString(),
      message: null,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      deliveryMethod: 'voice',
      sayMedicationName: false,
      // The follow-up by default: 10 minutes, 2 tries, the same way, caregivers told.
      retryAfterMinutes: 10,
      maxAttempts: 2,
      retryChannel: 'same',
      alertCaregivers: true,
    });
    await waitFor(() => expect(reminders).toHaveBeenCalledTimes(2));
    expect(myInfo).toHaveBeenCalledTimes(2);
  });

  it('reveals the recurrence fields, sends weekly days sorted, and falls back to an interval of 1', async () => {
    const add = vi.spyOn(portalApi, 'addReminder').mockResolvedValue(reminder({}));
    await openForm();
    fireEvent.change(form().getByLabelText('Medication (optional)'), { target: { value: 'm1' } });
    const sayName = form().getByLabelText('Say the medication’s name on the call') as HTMLInputElement;
    expect(sayName.checked).toBe(false);
    fireEvent.click(sayName);
    fireEvent.click(form().getByLabelText('Text message'));
    expect(form().getByLabelText('Include the medication’s name in the text')).toBeTruthy();
    fireEvent.change(form().getByLabelText('Date'), { target: { value: '2030-03-04' } });
    fireEvent.change(form().getByLabelText('Time'), { target: { value: '18:05' } });
    fireEvent.change(form().getByLabelText('Message (optional)'), { target: { value: 'Evening pills' } });

    fireEvent.click(form().getByLabelText('Recurring'));
    const pattern = form().getByLabelText('Repeats') as HTMLSelectElement;
    expect(pattern.value).toBe('daily');
    expect(form().queryByText('On these days')).toBeNull();
    expect((form().getByLabelText('Repeat every') as HTMLInputElement).value).toBe('1');
    expect(form().getByText('day')).toBeTruthy();
    fireEvent.change(form().getByLabelText('Repeat every'), { target: { value: '2' } });
    expect(form().getByText('days')).toBeTruthy();
    expect(form().getByText('Leave empty to keep it going until you stop it')).toBeTruthy();

    fireEvent.change(pattern, { target: { value: 'weekly' } });
    for (const day of ['Fri', 'Mon', 'Wed']) fireEvent.click(form().getByLabelText(day));
    fireEvent.change(form().getByLabelText('Repeat every'), { target: { value: '' } });
    expect(form().getByText('week')).toBeTruthy();
    submit();
    expect(await screen.findByText('Recurring reminder scheduled successfully')).toBeTruthy();
    expect(add).toHaveBeenCalledWith({
      medicationId: 'm1',
      scheduledTime: new Date('2030-03-04T18:05').toISOString(),
      message: 'Evening pills',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      deliveryMethod: 'sms',
      sayMedicationName: true,
      retryAfterMinutes: 10,
      maxAttempts: 2,
      retryChannel: 'same',
      alertCaregivers: true,
      isRecurring: true,
      recurrencePattern: 'weekly',
      recurrenceInterval: 1,
      recurrenceDays: [1, 3, 5],
    });
  });

  it('sends the follow-up the client chose; one try hides the rest, and the other way follows call or text', async () => {
    const add = vi.spyOn(portalApi, 'addReminder').mockResolvedValue(reminder({}));
    await openForm();
    const f = within(dialog());
    fireEvent.change(f.getByLabelText('Date'), { target: { value: '2030-03-04' } });
    fireEvent.change(f.getByLabelText('Time'), { target: { value: '09:30' } });
    expect(f.getByText('Press 1 on the call to confirm. If you don’t, we try again.')).toBeTruthy();
    const by = f.getByLabelText('Try again by') as HTMLSelectElement;
    expect([...by.options].map((o) => o.text)).toEqual(['The same way', 'A text instead']);
    fireEvent.click(f.getByLabelText('Text message'));
    expect([...(f.getByLabelText('Try again by') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'The same way',
      'A call instead',
    ]);
    fireEvent.change(f.getByLabelText('Tries in all'), { target: { value: '1' } });
    expect(f.queryByLabelText('Try again after')).toBeNull();
    expect(f.queryByLabelText('Try again by')).toBeNull();
    fireEvent.change(f.getByLabelText('Tries in all'), { target: { value: '3' } });
    fireEvent.change(f.getByLabelText('Try again after'), { target: { value: '30' } });
    fireEvent.change(f.getByLabelText('Try again by'), { target: { value: 'other' } });
    fireEvent.click(f.getByLabelText('Tell my caregivers if I don’t confirm'));
    fireEvent.click(f.getByRole('button', { name: 'Schedule Reminder' }));
    await waitFor(() => expect(add).toHaveBeenCalled());
    expect(add.mock.calls[0][0]).toMatchObject({
      deliveryMethod: 'sms',
      retryAfterMinutes: 30,
      maxAttempts: 3,
      retryChannel: 'other',
      alertCaregivers: false,
    });
  });

  it('sends the end date and interval of a monthly reminder, without days', async () => {
    const add = vi.spyOn(portalApi, 'addReminder').mockResolvedValue(reminder({}));
    await openForm();
    fireEvent.change(form().getByLabelText('Date'), { target: { value: '2030-03-04' } });
    fireEvent.change(form().getByLabelText('Time'), { target: { value: '07:00' } });
    fireEvent.click(form().getByLabelText('Recurring'));
    fireEvent.change(form().getByLabelText('Repeats'), { target: { value: 'monthly' } });
    fireEvent.change(form().getByLabelText('Repeat every'), { target: { value: '3' } });
    fireEvent.change(form().getByLabelText('End date (optional)'), { target: { value: '2030-12-31' } });
    submit();
    await waitFor(() => expect(add).toHaveBeenCalled());
    expect(add.mock.calls[0][0]).toMatchObject({ recurrencePattern: 'monthly', recurrenceInterval: 3, recurrenceEndDate: '2030-12-31' });
    expect(add.mock.calls[0][0]).not.toHaveProperty('recurrenceDays');
  });

  it("shows the server's reason when scheduling fails, and keeps the form", async () => {
    vi.spyOn(portalApi, 'addReminder').mockRejectedValue(apiError(400, 'Scheduled time must be in the future'));
    await openForm();
    fireEvent.change(form().getByLabelText('Date'), { target: { value: '2030-03-04' } });
    fireEvent.change(form().getByLabelText('Time'), { target: { value: '09:30' } });
    submit();
    const toast = await within(dialog()).findByText('Failed to schedule reminder');
    expect(toast.closest('[role="alert"]')?.textContent).toContain('Scheduled time must be in the future');
    expect(within(dialog()).getByText('Failed to schedule reminder: Scheduled time must be in the future')).toBeTruthy();
  });
});

describe('client portal: history', () => {
  it('shows each past send with its outcome in words', async () => {
    renderPortal();
    await loaded();
    const history = within(section('History'));
    for (const words of [
      `Confirmed at ${formatTime('2030-02-01T14:03:00.000Z')}`,
      'Not confirmed',
      'Not sent',
      'Waiting for your answer',
    ]) {
      expect(history.getByText(words)).toBeTruthy();
    }
    expect(history.getByText('Morning pills')).toBeTruthy();
    expect(history.getByText(`${formatDateTime('2030-02-01T14:00:00.000Z')} · Phone call`)).toBeTruthy();
    // A reminder sent again says how many tries it took.
    expect(history.getByText(`${formatDateTime('2030-02-02T14:00:00.000Z')} · Text message · 2 tries`)).toBeTruthy();
  });

  it('says when nothing has been sent yet', async () => {
    vi.mocked(portalApi.history).mockResolvedValue([]);
    renderPortal();
    await loaded();
    expect(within(section('History')).getByText('No reminders have been sent yet.')).toBeTruthy();
  });
});

describe('client portal: the client_welcome tour', () => {
  it('starts 500 ms after the portal loads when not completed, and Skip sets the flag', async () => {
    localStorage.clear();
    vi.useFakeTimers();
    renderPortal();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { name: 'Welcome, Ruth!' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(screen.queryByText('Welcome to your portal!')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    vi.useRealTimers();
    expect(await screen.findByText('Welcome to your portal!')).toBeTruthy();
    expect(screen.getByText(/Sunny Day Insurance set up this private page for you/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(localStorage.getItem('tour_completed_client_welcome')).toBe('true'));
    await waitFor(() => expect(screen.queryByText('Welcome to your portal!')).toBeNull());
  });

  it("does not start when the flag is 'true'", async () => {
    renderPortal();
    await loaded();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(screen.queryByText('Welcome to your portal!')).toBeNull();
  });
});

describe('client portal: a change of contact details asked for by the agent', () => {
  const change: ContactChange = {
    id: 'cc1',
    field: 'phone',
    oldValue: '***-***-0142',
    newValue: '***-***-0199',
    status: 'pending',
    requestedBy: 'Jane Smith (Sunny Day Insurance)',
    requestedAt: '2030-02-10T15:00:00.000Z',
    decidedAt: null,
  };
  const title = 'Please confirm a change to your contact details';

  it('shows nothing when no change waits', async () => {
    renderPortal();
    await loaded();
    expect(screen.queryByRole('region', { name: title })).toBeNull();
  });

  it('asks the client, who confirms it; the answer is saved and recorded in the history', async () => {
    const list = vi.mocked(portalApi.contactChanges).mockResolvedValueOnce([change]);
    list.mockResolvedValue([{ ...change, status: 'confirmed', decidedAt: '2030-02-10T16:00:00.000Z' }]);
    const decide = vi.spyOn(portalApi, 'decideContactChange').mockResolvedValue({ ...change, status: 'confirmed' });
    renderPortal();
    await loaded();
    const card = section(title);
    expect(
      within(card).getByText(
        `Jane Smith (Sunny Day Insurance) asked on ${formatDateTime(change.requestedAt)} to change your phone number from ***-***-0142 to ***-***-0199.`,
      ),
    ).toBeTruthy();
    expect(within(card).getByText(/Until you confirm, your reminders keep going to your current phone number\./)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Confirm Change' }));
    expect(await screen.findByText('Your contact details were updated')).toBeTruthy();
    expect(decide).toHaveBeenCalledWith('cc1', 'confirm');
    await waitFor(() => expect(screen.queryByRole('region', { name: title })).toBeNull());
    const history = section('History');
    expect(within(history).getByText('Your phone number: ***-***-0142 → ***-***-0199')).toBeTruthy();
    expect(within(history).getByText('You confirmed it')).toBeTruthy();
  });

  it('lets the client keep their current number, and says so when the answer could not be saved', async () => {
    vi.mocked(portalApi.contactChanges).mockResolvedValue([change]);
    const decide = vi.spyOn(portalApi, 'decideContactChange').mockRejectedValue(apiError(409, 'Your agent withdrew this change.'));
    renderPortal();
    await loaded();
    fireEvent.click(within(section(title)).getByRole('button', { name: 'Keep My Current Number' }));
    expect(await screen.findByText('Your answer could not be saved')).toBeTruthy();
    expect(screen.getByText('Your agent withdrew this change.')).toBeTruthy();
    expect(decide).toHaveBeenCalledWith('cc1', 'refuse');
  });
});

describe('client portal: the client’s settings', () => {
  it('shows their time zone and saves a new one and their own choice about plan messages', async () => {
    const update = vi.spyOn(portalApi, 'updateSettings').mockResolvedValue({
      timeZone: 'America/New_York',
      timeZoneFrom: 'portal',
      marketing: true,
      language: 'en',
      textSize: 'normal',
      highContrast: false,
    });
    renderPortal();
    await loaded();
    const section = await screen.findByRole('region', { name: 'Your settings' });
    // The section's form appears once the settings have loaded, which may be after its heading.
    const zone = (await within(section).findByLabelText('Your time zone')) as HTMLSelectElement;
    await waitFor(() => expect(zone.value).toBe('America/Chicago'));
    expect(within(section).getByRole('radio', { name: 'No, do not contact me about Medicare plans' })).toHaveProperty('checked', true);
    fireEvent.change(zone, { target: { value: 'America/New_York' } });
    fireEvent.click(within(section).getByRole('radio', { name: 'Yes, my agency may contact me about Medicare plans' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ timeZone: 'America/New_York', marketing: true }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
  });

  it('shows a larger text and high contrast at once, keeps them on the device, and with the account when saved', async () => {
    const update = vi.spyOn(portalApi, 'updateSettings').mockResolvedValue({
      timeZone: 'America/Chicago',
      timeZoneFrom: 'place',
      marketing: false,
      language: 'en',
      textSize: 'extra_large',
      highContrast: true,
    });
    renderPortal();
    await loaded();
    const section = await screen.findByRole('region', { name: 'Your settings' });
    const sizes = await within(section).findByRole('group', { name: 'Text size' });
    expect(within(sizes).getByRole('radio', { name: 'Normal' })).toHaveProperty('checked', true);
    fireEvent.click(within(sizes).getByRole('radio', { name: 'Extra large' }));
    fireEvent.click(within(section).getByRole('checkbox', { name: /High contrast/ }));
    expect(document.documentElement.dataset.cpText).toBe('extra_large');
    expect(document.documentElement.dataset.cpContrast).toBe('high');
    expect(JSON.parse(localStorage.getItem('carekeep.portal.display')!)).toEqual({ textSize: 'extra_large', highContrast: true });
    fireEvent.click(within(section).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ textSize: 'extra_large', highContrast: true }));
  });

  it('starts with what the device kept, then follows the account', async () => {
    localStorage.setItem('carekeep.portal.display', JSON.stringify({ textSize: 'large', highContrast: true }));
    renderPortal();
    expect(document.documentElement.dataset.cpText).toBe('large');
    expect(document.documentElement.dataset.cpContrast).toBe('high');
    await loaded();
    // The account says normal, without contrast (the settings' answer above).
    await waitFor(() => expect(document.documentElement.dataset.cpText).toBe('normal'));
    expect(document.documentElement.dataset.cpContrast).toBeUndefined();
    localStorage.clear();
  });
});

describe('client portal: the TPMO disclaimer', () => {
  it('shows the agency’s disclaimer in the footer when it sells plans, and none otherwise', async () => {
    const disclaimer =
      'We do not offer every plan available in your area. Currently we represent 3 organizations which offer 18 products in your area.';
    vi.mocked(portalApi.branding).mockResolvedValue({ ...BRANDING, disclaimer });
    const { unmount } = renderPortal();
    await loaded();
    expect(screen.getByRole('contentinfo').textContent).toContain(disclaimer);
    unmount();
    vi.mocked(portalApi.branding).mockResolvedValue({ ...BRANDING, disclaimer: null });
    renderPortal();
    await loaded();
    expect(screen.getByRole('contentinfo').textContent).not.toContain('We do not offer every plan');
  });
});
