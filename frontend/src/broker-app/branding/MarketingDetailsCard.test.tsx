import { fireEvent, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { spanishReactAdmin } from '../../i18n/es/react-admin.ts';
import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import { renderWithAdmin, TEST_USER } from '../testUtils.tsx';
import type { CurrentUser } from '../types.ts';
import { MarketingDetailsNotice } from './MarketingDetailsNotice.tsx';
import { MarketingDetailsStep } from './MarketingDetailsStep.tsx';

const NEW_AGENCY: CurrentUser = { ...TEST_USER, agencyName: '', agencyAddress: '', tpmoAnswered: false, sellsPlans: false };

describe('the onboarding card and notice for campaigns', () => {
  afterEach(() => setBrokerLanguage('en'));

  it('asks a new agency for its postal address and its TPMO answer, checks both, saves them, and goes away', async () => {
    const updateBranding = vi.fn(async (input: object) => ({ ...NEW_AGENCY, ...input, tpmoAnswered: true }));
    renderWithAdmin(
      <>
        <MarketingDetailsStep />
        <MarketingDetailsNotice />
      </>,
      { user: NEW_AGENCY, dataProvider: { updateBranding } },
    );
    const card = await screen.findByRole('region', { name: 'Before your first campaign' });
    expect(screen.getByRole('alert').textContent).toContain(
      'Add your agency’s postal address and say whether it sells Medicare plans. Until then, campaigns cannot be sent, test-sent, scheduled or started.',
    );
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter your agency’s postal address')).toBeTruthy();
    expect(screen.getByText('Choose yes or no')).toBeTruthy();
    expect(screen.getByText('Enter your agency’s name')).toBeTruthy();
    expect(updateBranding).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Agency postal address/), { target: { value: ' 9 Elm Street, Dayton, OH 45402 ' } });
    expect((screen.getByLabelText(/Agency name/) as HTMLInputElement).value).toBe('');
    expect(document.activeElement?.id).toBe('onboarding-name');
    fireEvent.change(screen.getByLabelText(/Agency name/), { target: { value: ' Dayton Senior Benefits ' } });
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(updateBranding).toHaveBeenCalledExactlyOnceWith({
        agencyName: 'Dayton Senior Benefits',
        agencyAddress: '9 Elm Street, Dayton, OH 45402',
        sellsPlans: false,
      }),
    );
    expect(await screen.findByText('Your agency is ready for campaigns')).toBeTruthy();
    await waitFor(() => expect(card.isConnected).toBe(false));
    expect(screen.queryByText('Campaigns cannot go out yet')).toBeNull();
  });

  it('shows nothing to an agency that has answered both', () => {
    renderWithAdmin(
      <>
        <MarketingDetailsStep />
        <MarketingDetailsNotice />
      </>,
    );
    expect(screen.queryByRole('region', { name: 'Before your first campaign' })).toBeNull();
    expect(screen.queryByText('Campaigns cannot go out yet')).toBeNull();
  });

  it('names only what is missing, in Spanish for a Spanish-speaking broker', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    renderWithAdmin(<MarketingDetailsNotice />, {
      user: { ...NEW_AGENCY, agencyAddress: '9 Elm Street' },
      i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es'),
    });
    expect(screen.getByRole('alert').textContent).toContain('Indique si su agencia vende planes de Medicare.');
    expect(screen.getByRole('link', { name: 'Abrir Personalización de marca' }).getAttribute('href')).toBe('/branding');
  });
});
