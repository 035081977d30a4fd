import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithAdmin, TEST_USER } from '../testUtils.tsx';
import { TpmoSection } from './TpmoSection.tsx';

describe('TpmoSection', () => {
  it('writes the disclaimer from the numbers, keeps the broker’s own wording, and resets to the generated one', async () => {
    const updateBranding = vi.fn(async (input: object) => ({ ...TEST_USER, ...input }));
    renderWithAdmin(<TpmoSection user={{ ...TEST_USER, sellsPlans: false }} />, { dataProvider: { updateBranding } });
    expect(screen.queryByLabelText('Disclaimer (generated)')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'My agency sells Medicare Advantage or Part D plans' }));
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
});
