import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { portalApi } from '../api.ts';
import type { Medication } from '../types.ts';
import { ToastProvider } from '../ui/toast.tsx';
import { MedicationSection, parseCount, refillTime } from './MedicationSection.tsx';

afterEach(() => vi.restoreAllMocks());

const medication = (patch: Partial<Medication>): Medication => ({
  id: 'm1',
  name: 'Lisinopril',
  dosage: '10 mg',
  frequency: null,
  instructions: null,
  pillsOnHand: null,
  pillsPerDay: null,
  daysLeft: null,
  runsOutOn: null,
  refillSoon: false,
  ...patch,
});

function renderSection(list: Medication[], onChanged = vi.fn()) {
  render(
    <ToastProvider>
      <MedicationSection medications={list} onChanged={onChanged} />
    </ToastProvider>,
  );
  return onChanged;
}

describe('medication supply', () => {
  it('reads a count: empty is none, a whole number is itself, anything else is refused', () => {
    expect(parseCount(' ')).toBeNull();
    expect(parseCount('30')).toBe(30);
    expect(parseCount('2.5')).toBeUndefined();
    expect(parseCount('-1')).toBeUndefined();
    expect(parseCount('many')).toBeUndefined();
  });

  it('rings a refill reminder tomorrow at 10:00 local time', () => {
    const at = refillTime(new Date(2030, 2, 4, 21, 15));
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual([2030, 2, 5, 10, 0]);
  });

  it('says how long the pills last, and nothing about it without counts', () => {
    renderSection([
      medication({ daysLeft: 16, runsOutOn: '2030-03-20', pillsOnHand: 32, pillsPerDay: 2 }),
      medication({ id: 'm2', name: 'Metformin' }),
    ]);
    expect(screen.getByText('About 16 days of pills left (until Mar 20, 2030)')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getAllByText(/days of pills left/)).toHaveLength(1);
  });

  it('warns from 7 days left and sets a refill reminder in one click', async () => {
    const add = vi.spyOn(portalApi, 'addReminder').mockResolvedValue({} as never);
    const onChanged = renderSection([
      medication({ daysLeft: 5, runsOutOn: '2030-03-09', refillSoon: true, pillsOnHand: 10, pillsPerDay: 2 }),
    ]);
    const note = within(screen.getByRole('note'));
    expect(note.getByText('Running low: about 5 days left. Time to refill.')).toBeTruthy();
    fireEvent.click(note.getByRole('button', { name: 'Remind me to refill' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(add).toHaveBeenCalledWith(
      expect.objectContaining({
        medicationId: 'm1',
        message: 'Time to refill your Lisinopril',
        deliveryMethod: 'sms',
        scheduledTime: refillTime().toISOString(),
      }),
    );
    expect(await screen.findByText(/^Refill reminder set for /)).toBeTruthy();
  });

  it('updates the pill count through its dialog, refusing a count that is not a whole number', async () => {
    const update = vi.spyOn(portalApi, 'updateMedication').mockResolvedValue(medication({}));
    const onChanged = renderSection([medication({ pillsPerDay: 2 })]);
    fireEvent.click(screen.getByRole('button', { name: 'Update pill count: Lisinopril' }));
    const dialog = within(screen.getByRole('dialog'));
    expect((dialog.getByLabelText('Pills a day (optional)') as HTMLInputElement).value).toBe('2');
    fireEvent.change(dialog.getByLabelText('Pills on hand (optional)'), { target: { value: 'ten' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText('Enter a whole number')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
    fireEvent.change(dialog.getByLabelText('Pills on hand (optional)'), { target: { value: '60' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith('m1', { pillsOnHand: 60, pillsPerDay: 2 });
  });
});
