import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithAdmin, TEST_USER } from '../testUtils.tsx';
import { TpmoSection } from './TpmoSection.tsx';

describe('TpmoSection', () => {
  it('writes the disclaimer from the numbers, keeps the broker’s own wording, and resets to the generated one', async () => {
    const updateBranding = vi.fn(async (input: object) => ({ ...TEST_USER, ...input }));
    renderWithAdmin(<TpmoSection user={{ ...TEST_USER, sellsPlans: false }} />, { dataProvider: { updateBranding } });
    expect(screen.queryByLabelText('Disclaimer (generated)')).toBeNull();
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    const text = screen.getByLabelText('Disclaimer (generated)') as HTMLTextAreaElement;
    fireEvent.change(screen.getByLabelText('Organizations you represent'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Plans they offer in your area'), { target: { value: '27' } });
    expect(text.value).toContain('Currently we represent 4 organizations which offer 27 products in your area.');

    fireEvent.change(text, { target: { value: 'We represent several carriers.' } });
    expect(screen.getByLabelText('Disclaimer (your wording)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save disclaimer' }));
    await waitFor(() =>
      expect(updateBranding).toHaveBeenCalledWith({
        sellsPlans: true,
        tpmoOrganizations: 4,
        tpmoPlans: 27,
        tpmoDisclaimer: 'We represent several carriers.',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset to generated text' }));
    expect((screen.getByLabelText('Disclaimer (generated)') as HTMLTextAreaElement).value).toMatch(
      /^We do not offer every plan available in your area\. Currently/,
    );
  });

  it('starts unanswered for an agency never asked, and saves only once yes or no is chosen', async () => {
    const updateBranding = vi.fn(async (input: object) => ({ ...TEST_USER, ...input, tpmoAnswered: true }));
    renderWithAdmin(<TpmoSection user={{ ...TEST_USER, sellsPlans: false, tpmoAnswered: false }} />, { dataProvider: { updateBranding } });
    const group = screen.getByRole('radiogroup', { name: 'Does your agency sell Medicare Advantage or Part D plans?' });
    expect(group).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Not answered yet: campaigns go out once you choose yes or no and save.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save disclaimer' }));
    expect(await screen.findByText('Choose yes or no')).toBeTruthy();
    expect(updateBranding).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save disclaimer' }));
    await waitFor(() => expect(updateBranding).toHaveBeenCalledWith(expect.objectContaining({ sellsPlans: false })));
  });
});
