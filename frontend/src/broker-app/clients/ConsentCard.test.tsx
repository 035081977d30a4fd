import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ATTESTATIONS_ES } from '../../../../backend/src/consent/attestations.ts';
import { spanishReactAdmin } from '../../i18n/es/react-admin.ts';
import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import { renderWithAdmin } from '../testUtils.tsx';
import type { Client, ClientConsent, ConsentStatus } from '../types.ts';
import { ConsentCard } from './ConsentCard.tsx';

const CLIENT = { id: 'c1', firstName: 'Ruth', lastName: 'Alvarez' } as Client;

afterEach(() => setBrokerLanguage('en'));

const status = (channel: ConsentStatus['channel'], purpose: ConsentStatus['purpose'], state: ConsentStatus['state']): ConsentStatus => ({
  channel,
  purpose,
  state,
  since: '2026-01-10T15:00:00.000Z',
  source: 'broker_added',
  expiresAt: purpose === 'marketing' && state !== 'unknown' ? '2027-01-10T15:00:00.000Z' : null,
});

const CONSENT: ClientConsent = {
  current: [
    status('voice', 'reminders', 'granted'),
    status('voice', 'marketing', 'unknown'),
    status('sms', 'reminders', 'revoked'),
    status('sms', 'marketing', 'revoked'),
    status('email', 'reminders', 'granted'),
    status('email', 'marketing', 'expired'),
  ],
  events: [
    {
      id: 'e1',
      channel: 'sms',
      purpose: 'reminders',
      granted: false,
      source: 'free_text',
      evidence: 'Replied: please stop texting me',
      actor: 'recipient',
      ip: null,
      recordedAt: '2026-11-20T15:00:00.000Z',
    },
  ],
};

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <section aria-label={title}>
    <h2>{title}</h2>
    {children}
  </section>
);

describe('ConsentCard', () => {
  it('shows each channel’s permission for reminders and marketing, and the history with its evidence', async () => {
    renderWithAdmin(<ConsentCard client={CLIENT} section={Section} />, { dataProvider: { getClientConsent: vi.fn(async () => CONSENT) } });
    const table = await screen.findByRole('table', { name: 'Permission to contact' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows[1]).toMatch(/^CallsGivenNot given$/);
    expect(rows[2]).toMatch(/^TextsRevokedRevoked/);
    expect(rows[3]).toMatch(/^E-mailsGivenLapsedlapsed /);
    const history = screen.getByRole('list', { name: 'Permission history' });
    expect(history.textContent).toContain('Took back reminder permission for texts');
    expect(history.textContent).toContain('Reply in their own words — “Replied: please stop texting me”');
  });

  it('records marketing permission only once the broker ticks the attestation', async () => {
    const recordClientConsent = vi.fn(async () => ({
      ...CONSENT,
      current: CONSENT.current.map((c) => (c.purpose === 'marketing' ? { ...c, state: 'granted' as const } : c)),
    }));
    renderWithAdmin(<ConsentCard client={CLIENT} section={Section} />, {
      dataProvider: { getClientConsent: vi.fn(async () => CONSENT), recordClientConsent },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Record marketing permission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record marketing permission' });
    const confirm = within(dialog).getByRole('button', { name: 'Record permission' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /written permission to contact them about Medicare plans/ }));
    fireEvent.click(confirm);
    await waitFor(() => expect(recordClientConsent).toHaveBeenCalledWith('c1', 'marketing', true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the attestation in Spanish to a broker working in Spanish (the server records the same words)', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    const recordClientConsent = vi.fn(async () => CONSENT);
    renderWithAdmin(<ConsentCard client={CLIENT} section={Section} />, {
      dataProvider: { getClientConsent: vi.fn(async () => CONSENT), recordClientConsent },
      i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Registrar permiso de marketing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar permiso de marketing' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: ATTESTATIONS_ES.marketing }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar permiso' }));
    await waitFor(() => expect(recordClientConsent).toHaveBeenCalledWith('c1', 'marketing', true));
  });

  it('records a revocation the client told the broker of', async () => {
    const recordClientConsent = vi.fn(async () => CONSENT);
    renderWithAdmin(<ConsentCard client={CLIENT} section={Section} />, {
      dataProvider: { getClientConsent: vi.fn(async () => CONSENT), recordClientConsent },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Record a revocation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record that the client took back permission?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record revocation' }));
    await waitFor(() => expect(recordClientConsent).toHaveBeenCalledWith('c1', 'marketing', false));
  });
});
