import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Language } from '../../i18n/translation.ts';
import { ApiError } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { PortalLanguageProvider } from '../i18n.tsx';
import { MemoryRouter } from '../router.tsx';
import type { ClientReminder, Medication, UpcomingReminder } from '../types.ts';
import { ToastProvider } from '../ui/toast.tsx';
import { MedicationSection } from './MedicationSection.tsx';
import { type Branding, DEFAULT_BRANDING } from './portalBranding.ts';
import { formatDateTime } from './portalFormat.ts';
import { PortalFooter, PortalHeader } from './PortalHeader.tsx';
import { ReminderSection, UpcomingReminders } from './ReminderSection.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The portal's providers, in a language (Spanish loads its own chunk first). */
async function renderIn(language: Language, ui: ReactNode) {
  const view = render(
    <PortalLanguageProvider initial={language}>
      <MemoryRouter>
        <ToastProvider>{ui}</ToastProvider>
      </MemoryRouter>
    </PortalLanguageProvider>,
  );
  await waitFor(() => expect(view.container.childElementCount).toBeGreaterThan(0));
  return view;
}

const BRANDING: Branding = { ...DEFAULT_BRANDING, agencyName: 'Sunny Day Insurance', agencyPhone: '+16155550142' };

const apiError = (status: number, message: string) => new ApiError(status, `${status}: ${JSON.stringify({ message })}`, { message });

describe('Call my agent and the agency in the footer', () => {
  it('links Call my agent to the agency’s phone, and the footer names the agency with its number', async () => {
    await renderIn(
      'en',
      <>
        <PortalHeader branding={BRANDING} />
        <PortalFooter branding={BRANDING} />
      </>,
    );
    const call = screen.getByRole('link', { name: 'Call my agent' });
    expect(call.getAttribute('href')).toBe('tel:+16155550142');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Call my agent' })).toBe(call);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/^Your agent: Sunny Day Insurance/)).toBeTruthy();
    expect(within(footer).getByRole('link', { name: '(615) 555-0142' }).getAttribute('href')).toBe('tel:+16155550142');
  });

  it('shows no button when the agency has no phone, and neither it nor “Your agent” signed out', async () => {
    const noPhone = { ...BRANDING, agencyPhone: null };
    const { unmount } = await renderIn(
      'en',
      <>
        <PortalHeader branding={noPhone} />
        <PortalFooter branding={noPhone} />
      </>,
    );
    expect(screen.queryByRole('link', { name: 'Call my agent' })).toBeNull();
    expect(screen.getByText('Your agent: Sunny Day Insurance')).toBeTruthy();
    expect(within(screen.getByRole('contentinfo')).queryByRole('link')).toBeNull();
    unmount();

    await renderIn(
      'en',
      <>
        <PortalHeader branding={BRANDING} signedIn={false} />
        <PortalFooter branding={BRANDING} signedIn={false} />
      </>,
    );
    expect(screen.queryByRole('link', { name: 'Call my agent' })).toBeNull();
    expect(screen.queryByText(/Your agent/)).toBeNull();
  });

  it('says it in Spanish', async () => {
    await renderIn(
      'es',
      <>
        <PortalHeader branding={BRANDING} />
        <PortalFooter branding={BRANDING} />
      </>,
    );
    expect((await screen.findByRole('link', { name: 'Llamar a mi agente' })).getAttribute('href')).toBe('tel:+16155550142');
    expect(screen.getByText(/^Su agente: Sunny Day Insurance/)).toBeTruthy();
  });
});

const medication = (patch: Partial<Medication>): Medication => ({
  id: 'm1',
  name: 'Lisinopril',
  dosage: '10 mg',
  frequency: 'Once a day',
  instructions: 'Take with water',
  pillsOnHand: 30,
  pillsPerDay: 1,
  daysLeft: 20,
  runsOutOn: '2030-03-25',
  refillSoon: false,
  ...patch,
});

describe('editing a medication', () => {
  const dialog = () => within(screen.getByRole('dialog'));

  it('opens the same form filled in, sends only what changed, toasts and reloads', async () => {
    const update = vi.spyOn(portalApi, 'updateMedication').mockResolvedValue(medication({ name: 'Lisinopril HCT', dosage: '20 mg' }));
    const onChanged = vi.fn();
    await renderIn('en', <MedicationSection medications={[medication({})]} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Lisinopril' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Medication' })).toBeTruthy();
    const value = (label: string) => (dialog().getByLabelText(label) as HTMLInputElement).value;
    expect(value('Medication name')).toBe('Lisinopril');
    expect(value('Dosage (optional)')).toBe('10 mg');
    expect(value('How often (optional)')).toBe('Once a day');
    expect(value('Instructions (optional)')).toBe('Take with water');
    expect(value('Pills on hand (optional)')).toBe('30');
    expect(value('Pills a day (optional)')).toBe('1');

    fireEvent.change(dialog().getByLabelText('Medication name'), { target: { value: 'Lisinopril HCT ' } });
    fireEvent.change(dialog().getByLabelText('Dosage (optional)'), { target: { value: '20 mg' } });
    fireEvent.change(dialog().getByLabelText('Instructions (optional)'), { target: { value: '' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Medication saved')).toBeTruthy();
    // The pill count was not touched: it keeps counting from when it was counted.
    expect(update).toHaveBeenCalledWith('m1', { name: 'Lisinopril HCT', dosage: '20 mg', instructions: null });
    expect(onChanged).toHaveBeenCalledTimes(1);
    // The toast is shown first (inside the dialog while it is open); the dialog closes right after.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('still requires a name, and shows the server’s reason in the dialog', async () => {
    const update = vi.spyOn(portalApi, 'updateMedication').mockRejectedValue(apiError(400, 'dosage must be at most 120 characters'));
    await renderIn('en', <MedicationSection medications={[medication({})]} onChanged={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Lisinopril' }));
    await screen.findByRole('dialog', { name: 'Edit Medication' });
    fireEvent.change(dialog().getByLabelText('Medication name'), { target: { value: '  ' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
    expect(await dialog().findByText('Please enter the medication name')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
    // A name typed, a count wrong: only the count's message stays, none about the name.
    fireEvent.change(dialog().getByLabelText('Medication name'), { target: { value: 'Lisinopril' } });
    fireEvent.change(dialog().getByLabelText('Pills on hand (optional)'), { target: { value: 'lots' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
    expect(await dialog().findByText('Enter a whole number')).toBeTruthy();
    expect(dialog().queryByText('Please enter the medication name')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(dialog().getByLabelText('Pills on hand (optional)')));
    fireEvent.change(dialog().getByLabelText('Pills on hand (optional)'), { target: { value: '30' } });

    fireEvent.change(dialog().getByLabelText('Dosage (optional)'), { target: { value: 'x' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
    expect(await dialog().findByText('Failed to save medication: dosage must be at most 120 characters')).toBeTruthy();
    expect(update).toHaveBeenCalledWith('m1', { dosage: 'x' });
  });

  it('says it in Spanish', async () => {
    await renderIn('es', <MedicationSection medications={[medication({})]} onChanged={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Lisinopril' }));
    expect(screen.getByRole('dialog', { name: 'Editar medicamento' })).toBeTruthy();
    expect(dialog().getByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
  });
});

const reminder = (patch: Partial<ClientReminder>): ClientReminder => ({
  id: 'r1',
  medicationId: null,
  scheduledTime: '2030-03-04T14:00:00.000Z',
  nextOccurrenceAt: '2030-03-05T14:00:00.000Z',
  message: 'Morning pills',
  deliveryMethod: 'voice',
  sayMedicationName: false,
  status: 'pending',
  isRecurring: true,
  recurrencePattern: 'daily',
  recurrenceInterval: 1,
  recurrenceDays: null,
  recurrenceEndDate: null,
  timeZone: 'America/Chicago',
  retryAfterMinutes: 10,
  maxAttempts: 2,
  retryChannel: 'same',
  alertCaregivers: true,
  pausedAt: null,
  ...patch,
});

describe('pausing and resuming a reminder', () => {
  const items = () => screen.getAllByTestId('reminder');
  const list = (reminders: ClientReminder[], onChanged = vi.fn()) => (
    <ReminderSection reminders={reminders} medications={[]} failed={false} onChanged={onChanged} />
  );

  it('pauses an active reminder and resumes a paused one; a finished one has neither', async () => {
    const pause = vi.spyOn(portalApi, 'pauseReminder').mockResolvedValue(reminder({ pausedAt: '2030-03-01T10:00:00.000Z' }));
    const resume = vi
      .spyOn(portalApi, 'resumeReminder')
      .mockResolvedValue(reminder({ id: 'r2', nextOccurrenceAt: '2030-03-09T14:00:00.000Z' }));
    const onChanged = vi.fn();
    await renderIn(
      'en',
      list(
        [
          reminder({}),
          reminder({
            id: 'r2',
            message: 'Evening pills',
            pausedAt: '2030-03-01T10:00:00.000Z',
            nextOccurrenceAt: '2030-03-02T14:00:00.000Z',
          }),
          reminder({ id: 'r3', message: 'Old one', status: 'completed', nextOccurrenceAt: null }),
        ],
        onChanged,
      ),
    );
    const [active, paused, done] = items();
    expect(within(active).getByText(`Next: ${formatDateTime('2030-03-05T14:00:00.000Z')}`)).toBeTruthy();
    expect(within(active).getByText('Pending')).toBeTruthy();
    // Paused: said in words (not its old time), with Resume instead of Pause.
    expect(within(paused).getByText('Paused').className).toContain('cp-chip-paused');
    expect(within(paused).getByText('Paused: you will not get calls or texts for this reminder until you resume it.')).toBeTruthy();
    expect(within(paused).queryByText(/Next:/)).toBeNull();
    expect(within(paused).queryByRole('button', { name: /^Pause/ })).toBeNull();
    expect(within(done).queryByRole('button', { name: /Pause|Resume/ })).toBeNull();

    fireEvent.click(within(active).getByRole('button', { name: 'Pause Morning pills' }));
    expect(await screen.findByText('Reminder paused. You will not get its calls or texts until you resume it.')).toBeTruthy();
    expect(pause).toHaveBeenCalledWith('r1');
    expect(onChanged).toHaveBeenCalledTimes(1);

    fireEvent.click(within(paused).getByRole('button', { name: 'Resume Evening pills' }));
    expect(await screen.findByText(`Reminder resumed. Next: ${formatDateTime('2030-03-09T14:00:00.000Z')}`)).toBeTruthy();
    expect(resume).toHaveBeenCalledWith('r2');
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it('says why when it could not be resumed', async () => {
    vi.spyOn(portalApi, 'resumeReminder').mockRejectedValue(
      apiError(409, 'This reminder has no time left to ring: please schedule a new one'),
    );
    const onChanged = vi.fn();
    await renderIn('en', list([reminder({ pausedAt: '2030-03-01T10:00:00.000Z' })], onChanged));
    fireEvent.click(screen.getByRole('button', { name: 'Resume Morning pills' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Failed to resume reminder');
    expect(toast.textContent).toContain('This reminder has no time left to ring: please schedule a new one');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('says it in Spanish', async () => {
    await renderIn('es', list([reminder({}), reminder({ id: 'r2', message: 'Noche', pausedAt: '2030-03-01T10:00:00.000Z' })]));
    expect(await screen.findByRole('button', { name: 'Pausar Morning pills' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reanudar Noche' })).toBeTruthy();
    expect(within(items()[1]).getByText('En pausa')).toBeTruthy();
  });
});

describe('Upcoming Reminders with a paused one', () => {
  const upcoming: UpcomingReminder[] = [
    { id: 'r1', message: 'Morning pills', scheduledTime: '2030-03-05T14:00:00.000Z', pausedAt: null },
    { id: 'r2', message: 'Evening pills', scheduledTime: '2030-03-02T23:00:00.000Z', pausedAt: '2030-03-01T10:00:00.000Z' },
  ];

  it('shows the time of those that will ring, and Paused instead of a time for a paused one', async () => {
    await renderIn('en', <UpcomingReminders reminders={upcoming} />);
    const rows = within(screen.getByRole('region', { name: 'Upcoming Reminders' })).getAllByRole('listitem');
    expect(within(rows[0]).getByText(formatDateTime('2030-03-05T14:00:00.000Z'))).toBeTruthy();
    expect(within(rows[1]).getByText('Evening pills')).toBeTruthy();
    expect(within(rows[1]).getByText('Paused')).toBeTruthy();
    expect(within(rows[1]).queryByText(formatDateTime('2030-03-02T23:00:00.000Z'))).toBeNull();
  });

  it('says Paused in Spanish', async () => {
    await renderIn('es', <UpcomingReminders reminders={upcoming} />);
    const region = await screen.findByRole('region', { name: 'Próximos recordatorios' });
    expect(within(region).getByText('En pausa')).toBeTruthy();
  });
});
