import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { spanishReactAdmin } from '../../i18n/es/react-admin.ts';
import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import type { CareKeepDataProvider } from '../providers/dataProvider.ts';
import { renderWithAdmin, TEST_USER } from '../testUtils.tsx';
import type { AgencyEvent } from '../types.ts';
import { BROKER_ACTIVITY_PER_PAGE, BrokerActivityCard } from './BrokerActivityCard.tsx';

const ADMIN = { ...TEST_USER, isAdmin: true, email: 'admin@example.com' };
const BROKER = 'b1';

const entry = (n: number, overrides: Partial<AgencyEvent> = {}): AgencyEvent => ({
  id: `e${n}`,
  createdAt: new Date(Date.UTC(2026, 10, 20, 15, 0) - n * 3_600_000).toISOString(),
  member: { id: 'm2', name: 'Luis Ortega', email: 'luis@agency.test', role: 'agent', removed: false },
  viaToken: null,
  ipAddress: '203.0.113.24',
  action: 'client_created',
  targetType: 'client',
  targetId: `c${n}`,
  summary: `Added the client Client ${n}`,
  before: null,
  after: { firstName: 'Client', lastName: String(n) },
  ...overrides,
});
const EDITED = entry(0, {
  action: 'client_updated',
  summary: 'Edited the client Rosa Diaz',
  before: { phone: '+16155550101' },
  after: { phone: '+16155550199' },
});

/** The agency's log as the admin endpoint answers it: `total` entries, newest first, a page at a time. */
function pages(total: number) {
  const all = [EDITED, ...Array.from({ length: total - 1 }, (_, i) => entry(i + 1))];
  return vi.fn((_id: string, page: number, perPage: number) =>
    Promise.resolve({ data: all.slice((page - 1) * perPage, page * perPage), total }),
  );
}

function renderCard(methods: Record<string, ReturnType<typeof vi.fn>>, i18n: 'en' | 'es' = 'en') {
  const dataProvider = methods as unknown as Partial<CareKeepDataProvider>;
  return renderWithAdmin(<BrokerActivityCard brokerId={BROKER} />, {
    dataProvider,
    path: `/admin/brokers/${BROKER}`,
    user: ADMIN,
    i18nProvider: i18n === 'es' ? polyglotI18nProvider(() => spanishReactAdmin, 'es') : undefined,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  setBrokerLanguage('en');
});

describe("the back office's agency activity card", () => {
  it("lists the agency's latest entries with who, what and the change, and pages through the rest", async () => {
    const getBrokerAgencyLog = pages(23);
    renderCard({ getBrokerAgencyLog });
    const card = await screen.findByRole('region', { name: 'Agency activity' });
    const list = await within(card).findByRole('list', { name: 'Agency activity' });
    expect(getBrokerAgencyLog).toHaveBeenCalledWith(BROKER, 1, BROKER_ACTIVITY_PER_PAGE);
    const items = within(list).getAllByTestId('agency-activity-entry');
    expect(items).toHaveLength(10);
    expect(within(items[0]).getByText('Client edited')).toBeTruthy();
    expect(items[0].textContent).toContain('Luis Ortega · Agent');
    expect(within(items[0]).getByText('203.0.113.24')).toBeTruthy();
    expect(within(items[0]).getByText('Edited the client Rosa Diaz')).toBeTruthy();
    expect(within(items[0]).getByText('Phone:').parentElement?.textContent).toBe('Phone: (615) 555-0101 → (615) 555-0199');
    expect(within(items[1]).getByText('Client added')).toBeTruthy();

    const pager = within(card).getByRole('navigation', { name: 'Agency activity pages' });
    expect(within(pager).getByText('1–10 of 23')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Newer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Older' }));
    await within(pager).findByText('11–20 of 23');
    expect(getBrokerAgencyLog).toHaveBeenLastCalledWith(BROKER, 2, BROKER_ACTIVITY_PER_PAGE);
    await within(card).findByText('Added the client Client 10');
    fireEvent.click(within(pager).getByRole('button', { name: 'Older' }));
    await within(pager).findByText('21–23 of 23');
    await waitFor(() => expect(within(card).getAllByTestId('agency-activity-entry')).toHaveLength(3));
    expect((within(pager).getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Newer' }));
    await within(pager).findByText('11–20 of 23');
  });

  it('needs no pages for a short log, and says when there is nothing yet', async () => {
    const { unmount } = renderCard({ getBrokerAgencyLog: pages(2) });
    await screen.findByText('Edited the client Rosa Diaz');
    expect(screen.queryByRole('navigation')).toBeNull();
    unmount();
    renderCard({ getBrokerAgencyLog: vi.fn().mockResolvedValue({ data: [], total: 0 }) });
    expect(await screen.findByText('Nobody in this agency has changed anything yet.')).toBeTruthy();
  });

  it('says when the activity cannot be loaded, and tries again', async () => {
    const getBrokerAgencyLog = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('500: boom', 500, {}))
      .mockResolvedValue({ data: [EDITED], total: 1 });
    renderCard({ getBrokerAgencyLog });
    expect(await screen.findByText('Could not load this agency’s activity')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Edited the client Rosa Diaz')).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    renderCard({ getBrokerAgencyLog: pages(12) }, 'es');
    const card = await screen.findByRole('region', { name: 'Actividad de la agencia' });
    await within(card).findByText('Cliente editado');
    expect(within(card).getByText('Teléfono:').parentElement?.textContent).toBe('Teléfono: (615) 555-0101 → (615) 555-0199');
    const pager = within(card).getByRole('navigation', { name: 'Páginas de la actividad de la agencia' });
    expect(within(pager).getByText('1–10 de 12')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Anteriores' })).toBeTruthy();
  });
});
