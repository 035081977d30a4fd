import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Language } from '../../i18n/translation.ts';
import { ApiError } from '../../lib/http.ts';
import { PortalLanguageProvider } from '../i18n.tsx';
import { MemoryRouter, Route, Routes } from '../router.tsx';
import SignedFormsSection from './SignedFormsSection.tsx';
import { signedFormsApi, type Signing, soaApi } from './soaApi.ts';
import SoaSigning from './SoaSigning.tsx';

const TOKEN = '3c9e1f2a-7b4d-4e8a-9f6c-2d1b0a9e8f7c.JxcTR5wTjFQKrF72cuw688bV7Lq9jLVE2pdf8vs-h2Y';
const READY: Signing = {
  status: 'ready',
  agencyName: 'Sunrise Benefits',
  primaryColor: '#1565c0',
  logoUrl: null,
  beneficiaryName: 'Dorothy Miller',
  agentName: 'Dana Whitfield',
  products: ['ma_mapd', 'pdp'],
  appointmentAt: '2026-12-02T15:00:00.000Z',
  method: 'phone',
  timeZone: 'America/Chicago',
  language: 'en',
  signedAt: null,
};

function renderPage(language: Language = 'en') {
  return render(
    <PortalLanguageProvider initial={language}>
      <MemoryRouter initialEntries={[`/soa/${TOKEN}`]}>
        <Routes>
          <Route path="/soa/:token" element={<SoaSigning />} />
        </Routes>
      </MemoryRouter>
    </PortalLanguageProvider>,
  );
}

const error = (status: number, body: Record<string, unknown>) => new ApiError(status, `${status}: ${JSON.stringify(body)}`, body);

afterEach(() => vi.restoreAllMocks());

describe('signing a Scope of Appointment', () => {
  it('shows the topics and the appointment, asks for what is missing, then signs with the typed name', async () => {
    vi.spyOn(soaApi, 'view').mockResolvedValue(READY);
    const sign = vi.spyOn(soaApi, 'sign').mockResolvedValue({ ...READY, status: 'signed', signedAt: '2026-11-30T15:00:00.000Z' });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dorothy Miller' })).toBeTruthy();
    expect(screen.getByText('Medicare Advantage plans (Part C) and cost plans, including plans with drug coverage')).toBeTruthy();
    expect(screen.getByText('Stand-alone Medicare prescription drug plans (Part D)')).toBeTruthy();
    expect(screen.queryByText('Medicare Supplement (Medigap) plans')).toBeNull();
    expect(screen.getByText('By phone')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign' })));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Type your full name', 'Tick the box to agree']);
    expect(document.activeElement).toBe(screen.getByLabelText('Your full name'));
    expect(sign).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: ' Dorothy Miller ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /agree to talk about only the topics above/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign' })));
    expect(sign).toHaveBeenCalledWith(TOKEN, {
      signerName: 'Dorothy Miller',
      signerRole: 'beneficiary',
      relationship: null,
      signatureKind: 'typed',
      drawnSignature: null,
      agree: true,
    });
    expect(await screen.findByRole('heading', { name: 'Thank you, it is signed' })).toBeTruthy();
  });

  it('asks a representative how they are related, and a drawn signature for the drawing choice', async () => {
    vi.spyOn(soaApi, 'view').mockResolvedValue(READY);
    const sign = vi.spyOn(soaApi, 'sign');
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Dorothy Miller' });
    fireEvent.click(screen.getByRole('radio', { name: 'I am signing for Dorothy Miller as their authorized representative' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Draw with my finger' }));
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Ann Miller' } });
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign' })));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Say how you are related to them',
      'Draw your signature in the box, or use your typed name instead',
    ]);
    expect(screen.getByRole('img', { name: 'Draw your signature in the box' })).toBeTruthy();
    expect(sign).not.toHaveBeenCalled();
  });

  it('speaks the language the form was sent in', async () => {
    vi.spyOn(soaApi, 'view').mockResolvedValue({ ...READY, language: 'es' });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Firmar' })).toBeTruthy();
    expect(screen.getByText('Planes independientes de medicamentos recetados de Medicare (Parte D)')).toBeTruthy();
    expect(screen.getByText('Por teléfono')).toBeTruthy();
  });

  it.each([
    [{ ...READY, status: 'expired' as const }, 'This link has expired'],
    [{ ...READY, status: 'cancelled' as const }, 'This form was cancelled'],
    [{ ...READY, status: 'signed' as const, signedAt: '2026-11-30T15:00:00.000Z' }, 'Thank you, it is signed'],
  ])('says what became of the link: %#', async (answer, heading) => {
    vi.spyOn(soaApi, 'view').mockResolvedValue(answer);
    renderPage();
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('says an unknown link is not valid, and a link that expired while open has expired', async () => {
    vi.spyOn(soaApi, 'view').mockRejectedValueOnce(error(404, { message: 'This link is not valid.' }));
    const { unmount } = renderPage();
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    unmount();

    vi.spyOn(soaApi, 'view').mockResolvedValue(READY);
    vi.spyOn(soaApi, 'sign').mockRejectedValue(error(410, { message: 'This link has expired.' }));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Dorothy Miller' });
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Dorothy Miller' } });
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign' })));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'This link has expired' })).toBeTruthy());
  });
});

describe('the portal’s signed forms', () => {
  it('lists each signed form with its PDF, and shows nothing without one', async () => {
    const list = vi.spyOn(signedFormsApi, 'list').mockResolvedValue([
      {
        id: 'f1',
        products: ['pdp'],
        appointmentAt: '2026-12-02T15:00:00.000Z',
        method: 'phone',
        agentName: 'Dana Whitfield',
        signedAt: '2026-11-30T15:00:00.000Z',
        signerName: 'Dorothy Miller',
        validUntil: '2027-11-30T15:00:00.000Z',
      },
    ]);
    const { unmount } = render(
      <PortalLanguageProvider initial="en">
        <SignedFormsSection />
      </PortalLanguageProvider>,
    );
    const link = await screen.findByRole('link', { name: 'Download the signed form (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/client-portal/soas/f1/pdf');
    expect(screen.getByRole('heading', { name: 'Your Scope of Appointment forms' })).toBeTruthy();
    expect(screen.getByText(/For your appointment with Dana Whitfield/)).toBeTruthy();
    unmount();

    list.mockResolvedValue([]);
    const { container } = render(
      <PortalLanguageProvider initial="en">
        <SignedFormsSection />
      </PortalLanguageProvider>,
    );
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(container.textContent).toBe('');
  });
});
