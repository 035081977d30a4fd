import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../lib/http.ts';
import { ADHERENCE_PDF_URL, portalApi } from '../api.ts';
import type { Adherence, AdherenceDay, Caregiver } from '../types.ts';
import { ToastProvider } from '../ui/toast.tsx';
import { AdherenceSummary, dayState } from './AdherenceSummary.tsx';
import { CaregiversSection } from './CaregiversSection.tsx';

afterEach(() => vi.restoreAllMocks());

const days = (states: ('confirmed' | 'missed' | 'none')[]): AdherenceDay[] =>
  Array.from({ length: 30 }, (_, i) => {
    const state = states[i] ?? 'none';
    return {
      date: `2030-01-${String(i + 1).padStart(2, '0')}`,
      confirmed: state === 'confirmed' ? 1 : 0,
      missed: state === 'missed' ? 1 : 0,
      skipped: 0,
      waiting: 0,
    };
  });

const ADHERENCE: Adherence = {
  timeZone: 'America/Chicago',
  from: '2030-01-01',
  to: '2030-01-30',
  confirmed: 12,
  missed: 2,
  skipped: 1,
  percent: 86,
  reminders: [
    {
      reminderId: 'r1',
      message: 'Morning pills',
      medicationName: 'Lisinopril',
      confirmed: 12,
      missed: 1,
      skipped: 1,
      percent: 92,
      days: days(['confirmed', 'missed', 'confirmed']),
    },
    { reminderId: 'r2', message: null, medicationName: null, confirmed: 0, missed: 1, skipped: 0, percent: 0, days: days(['missed']) },
  ],
};

describe('AdherenceSummary', () => {
  it('shows the 30-day share for all reminders and each, a strip read out in words, and the PDF download', () => {
    render(<AdherenceSummary adherence={ADHERENCE} failed={false} />);
    expect(screen.getByText('All reminders: 86% confirmed (12 of 14)')).toBeTruthy();
    expect(screen.getByText('Lisinopril — Morning pills')).toBeTruthy();
    expect(screen.getByText('92% confirmed (12 of 13)')).toBeTruthy();
    expect(screen.getByText('Medication reminder')).toBeTruthy();
    const strips = screen.getAllByRole('img');
    expect(strips.map((strip) => strip.getAttribute('aria-label'))).toEqual([
      'Last 30 days: 12 confirmed, 1 not confirmed, 1 not sent',
      'Last 30 days: 0 confirmed, 1 not confirmed',
    ]);
    const cells = strips[0].querySelectorAll('[data-state]');
    expect(cells).toHaveLength(30);
    expect([...cells].slice(0, 4).map((cell) => cell.getAttribute('data-state'))).toEqual(['confirmed', 'missed', 'confirmed', 'none']);
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe(ADHERENCE_PDF_URL);
    expect(pdf.hasAttribute('download')).toBe(true);
  });

  it('gives one figure for a single reminder (not the same twice)', () => {
    render(<AdherenceSummary adherence={{ ...ADHERENCE, reminders: ADHERENCE.reminders.slice(0, 1) }} failed={false} />);
    expect(screen.queryByText(/^All reminders/)).toBeNull();
    expect(screen.getByText('92% confirmed (12 of 13)')).toBeTruthy();
  });

  it('says when nothing has ended yet, and when the figures could not be loaded', () => {
    const { rerender } = render(<AdherenceSummary adherence={{ ...ADHERENCE, reminders: [], percent: null }} failed={false} />);
    expect(screen.getByText('No reminder has ended yet in the last 30 days.')).toBeTruthy();
    rerender(<AdherenceSummary adherence={null} failed />);
    expect(screen.getByText('Your 30-day figures could not be loaded.')).toBeTruthy();
  });

  it('marks a day with any unconfirmed reminder as not confirmed', () => {
    expect(dayState({ date: 'd', confirmed: 2, missed: 1, skipped: 0, waiting: 0 })).toBe('missed');
    expect(dayState({ date: 'd', confirmed: 2, missed: 0, skipped: 1, waiting: 0 })).toBe('confirmed');
    expect(dayState({ date: 'd', confirmed: 0, missed: 0, skipped: 1, waiting: 1 })).toBe('none');
  });
});

const caregiver = (patch: Partial<Caregiver>): Caregiver => ({
  id: 'c1',
  name: 'Maria Alvarez',
  relationship: 'Daughter',
  phone: '+12125550142',
  email: null,
  status: 'invited',
  invitedAt: '2030-01-01T10:00:00.000Z',
  optedInAt: null,
  ...patch,
});

function renderCaregivers(list: Caregiver[], onChanged = vi.fn()) {
  render(
    <ToastProvider>
      <CaregiversSection caregivers={list} failed={false} onChanged={onChanged} />
    </ToastProvider>,
  );
  return onChanged;
}

describe('CaregiversSection', () => {
  it('lists each caregiver with whether they agreed, in words', () => {
    renderCaregivers([
      caregiver({}),
      caregiver({ id: 'c2', name: 'Luis', relationship: null, status: 'active' }),
      caregiver({ id: 'c3', name: 'Ana', status: 'stopped' }),
    ]);
    const region = within(screen.getByRole('region', { name: 'My Caregivers' }));
    expect(region.getByText('Invited — waiting for their YES')).toBeTruthy();
    expect(region.getByText('Gets a text if you miss a reminder')).toBeTruthy();
    expect(region.getByText('Stopped — they replied STOP')).toBeTruthy();
    // The number as people read it, not as it is stored.
    expect(region.getAllByText('(212) 555-0142')).toHaveLength(3);
    expect(region.queryByText('+12125550142')).toBeNull();
    // Three is the most: no Add button, and the page says why.
    expect(region.queryByRole('button', { name: /Add Caregiver/ })).toBeNull();
    expect(region.getByText('You have 3 caregivers, the most you can have.')).toBeTruthy();
  });

  it('adds a caregiver: name and phone required, the server’s refusal shown in the dialog', async () => {
    const add = vi
      .spyOn(portalApi, 'addCaregiver')
      .mockRejectedValueOnce(
        new ApiError(400, '400: {"message":"Enter a valid US mobile number"}', { message: 'Enter a valid US mobile number' }),
      );
    const onChanged = renderCaregivers([]);
    expect(screen.getByText('No caregivers yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Add Caregiver/ }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Add Caregiver' }));
    expect(dialog.getByText('Name is required')).toBeTruthy();
    expect(dialog.getByText('Mobile phone number is required')).toBeTruthy();
    expect(add).not.toHaveBeenCalled();

    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: ' Maria Alvarez ' } });
    fireEvent.change(dialog.getByLabelText('Mobile phone number'), { target: { value: '555' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Caregiver' }));
    expect(await dialog.findByText('Failed to add caregiver: Enter a valid US mobile number')).toBeTruthy();

    add.mockResolvedValueOnce(caregiver({}));
    fireEvent.change(dialog.getByLabelText('Mobile phone number'), { target: { value: '(212) 555-0142' } });
    fireEvent.change(dialog.getByLabelText('Relationship (optional)'), { target: { value: 'Daughter' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Caregiver' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(add).toHaveBeenLastCalledWith({ name: 'Maria Alvarez', phone: '(212) 555-0142', relationship: 'Daughter' });
  });

  it('adds a caregiver by e-mail instead, and says what an e-mail caregiver answered', async () => {
    const add = vi.spyOn(portalApi, 'addCaregiver').mockResolvedValueOnce(caregiver({ phone: null, email: 'maria@example.com' }));
    const onChanged = renderCaregivers([]);
    fireEvent.click(screen.getByRole('button', { name: /Add Caregiver/ }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByLabelText('By e-mail'));
    expect(dialog.queryByLabelText('Mobile phone number')).toBeNull();
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Maria Alvarez' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Caregiver' }));
    expect(dialog.getByText('E-mail address is required')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('E-mail address'), { target: { value: 'maria@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Caregiver' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(add).toHaveBeenLastCalledWith({ name: 'Maria Alvarez', email: 'maria@example.com', relationship: null });
    expect(await screen.findByText('Caregiver added: we e-mailed them an invitation')).toBeTruthy();
  });

  it('shows an e-mail caregiver’s address and their answer in e-mail words', () => {
    renderCaregivers([
      caregiver({ phone: null, email: 'maria@example.com' }),
      caregiver({ id: 'c2', name: 'Luis', phone: null, email: 'luis@example.com', status: 'active' }),
      caregiver({ id: 'c3', name: 'Ana', phone: null, email: 'ana@example.com', status: 'stopped' }),
    ]);
    const region = within(screen.getByRole('region', { name: 'My Caregivers' }));
    expect(region.getByText('maria@example.com')).toBeTruthy();
    expect(region.getByText('Invited — waiting for their answer')).toBeTruthy();
    expect(region.getByText('Gets an e-mail if you miss a reminder')).toBeTruthy();
    expect(region.getByText('Stopped — they turned off the e-mails')).toBeTruthy();
  });

  it('removes a caregiver after a confirmation', async () => {
    const remove = vi.spyOn(portalApi, 'deleteCaregiver').mockResolvedValue(undefined);
    const onChanged = renderCaregivers([caregiver({})]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Maria Alvarez' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('Remove Maria Alvarez? They will not get any more messages about your reminders.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(remove).toHaveBeenCalledWith('c1');
  });
});
