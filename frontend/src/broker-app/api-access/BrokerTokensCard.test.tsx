import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CareKeepDataProvider } from '../providers/dataProvider.ts';
import { narrowScreen, renderWithAdmin, TEST_USER } from '../testUtils.tsx';
import type { ApiToken } from '../types.ts';
import { BrokerTokensCard } from './BrokerTokensCard.tsx';

const ADMIN = { ...TEST_USER, isAdmin: true, email: 'admin@example.com' };
const BROKER = 'b1';

const CRM: ApiToken = {
  id: 't1',
  name: 'My CRM',
  memberId: 'm1',
  scopes: ['clients:read'],
  prefix: 'ck_pat_AbCd12',
  createdAt: new Date(2026, 10, 2, 9, 0).toISOString(),
  lastUsedAt: null,
  expiresAt: new Date(2025, 3, 5, 12, 0).toISOString(),
};

function renderCard(methods: Record<string, ReturnType<typeof vi.fn>>) {
  const dataProvider = methods as unknown as Partial<CareKeepDataProvider>;
  return renderWithAdmin(<BrokerTokensCard brokerId={BROKER} />, { dataProvider, path: `/admin/brokers/${BROKER}`, user: ADMIN });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the admin's API tokens card", () => {
  it("lists the broker's tokens, and revokes one after asking, through the admin endpoints", async () => {
    const getBrokerTokens = vi.fn().mockResolvedValueOnce([CRM]).mockResolvedValue([]);
    const revokeBrokerToken = vi.fn().mockResolvedValue(undefined);
    renderCard({ getBrokerTokens, revokeBrokerToken });
    const card = await screen.findByRole('region', { name: 'API tokens' });
    await within(card).findByRole('table', { name: 'API tokens' });
    expect(getBrokerTokens).toHaveBeenCalledWith(BROKER);
    expect(within(card).getByText('1 token')).toBeTruthy();
    expect(within(card).getByText('ck_pat_AbCd12…')).toBeTruthy();
    expect(within(card).getByText('Expired')).toBeTruthy();
    // No way to create one here.
    expect(within(card).queryByRole('button', { name: 'Create token' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Revoke “My CRM”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    expect(within(dialog).getByText('Revoke “My CRM”? Anything using it stops working at once.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revokeBrokerToken).toHaveBeenCalledWith(BROKER, 't1'));
    expect(await screen.findByText('Token revoked', { selector: '.MuiAlertTitle-root' })).toBeTruthy();
    expect(await screen.findByText('This broker has no API tokens.')).toBeTruthy();
  });

  it('says when the tokens cannot be loaded', async () => {
    renderCard({ getBrokerTokens: vi.fn().mockRejectedValue(new HttpError('500: boom', 500, {})) });
    expect(await screen.findByText('Could not load this broker’s tokens')).toBeTruthy();
  });

  it('shows cards instead of a table below 600 px', async () => {
    narrowScreen();
    renderCard({ getBrokerTokens: vi.fn().mockResolvedValue([CRM, { ...CRM, id: 't2', name: 'Zapier', expiresAt: null }]) });
    const list = await screen.findByRole('list', { name: 'API tokens' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Token “My CRM”', 'Token “Zapier”']);
    expect(within(cards[0]).getByText('Expired')).toBeTruthy();
    expect(within(cards[1]).getAllByText('Never')).toHaveLength(2);
    expect(within(cards[1]).getByRole('button', { name: 'Revoke “Zapier”' })).toBeTruthy();
  });
});
