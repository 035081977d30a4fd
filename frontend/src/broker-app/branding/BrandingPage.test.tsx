import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { readableBrandColor } from '../../../../backend/src/branding/readable-color.ts';
import { spanishReactAdmin } from '../../i18n/es/react-admin.ts';
import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import { CURRENT_USER_KEY } from '../providers/currentUser.ts';
import { renderWithAdmin, TEST_USER } from '../testUtils.tsx';
import type { CurrentUser } from '../types.ts';
import { BrandingPage } from './BrandingPage.tsx';
import { CALL_PROMPT, callSentences } from './callScript.ts';
import { isValidHex, normalizeHex, sixDigitHex } from './ColorField.tsx';

const PORTAL_LINK = { slug: 'whitfield', url: 'https://app.carekeep.example/client/login?agency=whitfield' };

function renderBranding(dataProvider = {}, user: CurrentUser = TEST_USER) {
  return renderWithAdmin(<BrandingPage />, {
    path: '/branding',
    dataProvider: { getPortalLink: async () => PORTAL_LINK, ...dataProvider },
    user,
  });
}

const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const type = (label: RegExp | string, value: string) => fireEvent.change(field(label), { target: { value } });
const cachedUser = (queryClient: { getQueryData: (key: readonly unknown[]) => unknown }) =>
  queryClient.getQueryData(CURRENT_USER_KEY) as CurrentUser;
const callScript = () => screen.getAllByTestId('call-sentence').map((li) => li.textContent);

afterEach(() => setBrokerLanguage('en'));

describe('the Branding page', () => {
  it('shows the clients’ branded sign-in link, and copies it', async () => {
    const url = 'https://app.carekeep.example/client/login?agency=whitfield-medicare-advisors';
    const getPortalLink = vi.fn(async () => ({ slug: 'whitfield-medicare-advisors', url }));
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    try {
      renderBranding({ getPortalLink });
      const section = screen.getByRole('region', { name: 'Your Clients’ Sign-In Link' });
      const link = (await within(section).findByLabelText('Branded sign-in link')) as HTMLInputElement;
      expect(link.value).toBe(url);
      expect(link.readOnly).toBe(true);
      fireEvent.click(within(section).getByRole('button', { name: 'Copy Link' }));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
      expect(await screen.findByText('Link copied')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says when the sign-in link cannot be loaded', async () => {
    renderBranding({ getPortalLink: vi.fn(async () => Promise.reject(new HttpError('Server error', 500, {}))) });
    expect(await screen.findByText('Could not load your sign-in link.')).toBeTruthy();
  });

  it('starts from the saved branding with Save disabled until something changes', () => {
    renderBranding();
    expect(screen.getByRole('heading', { level: 1, name: 'White-Label Branding' })).toBeTruthy();
    expect(field('Agency Name').value).toBe('Whitfield Medicare Advisors');
    expect(field('Agency Phone').value).toBe('(555) 010-2000');
    expect(field('Primary Color').value).toBe('#2563eb');
    expect(field('Secondary Color').value).toBe('#10b981');
    expect(field('Sponsor message').value).toBe('Brought to you by Whitfield Medicare Advisors.');
    expect(screen.getByTestId('sponsor-counter').textContent).toBe('46/150');
    expect(screen.getByText(/Recommended size: 200x200 px/)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    type('Agency Name', 'Sunrise Benefits');
    expect(saveButton().disabled).toBe(false);
    type('Agency Name', 'Whitfield Medicare Advisors');
    expect(saveButton().disabled).toBe(true);
  });

  it('uses the default colours when none are saved', () => {
    renderBranding({}, { ...TEST_USER, primaryColor: '', secondaryColor: '', agencyName: '', sponsorMessage: '' });
    expect(field('Primary Color').value).toBe('#2563eb');
    expect(field('Secondary Color').value).toBe('#10b981');
    expect(screen.getByTestId('sponsor-counter').textContent).toBe('0/150');
  });

  it('counts the sponsor message, and keeps a longer one whole but will not save it', () => {
    renderBranding();
    type('Sponsor message', 'Hi');
    expect(screen.getByTestId('sponsor-counter').textContent).toBe('2/150');
    type('Sponsor message', 'x'.repeat(149));
    expect(screen.getByTestId('sponsor-counter').textContent).toBe('149/150');
    // A 165-character paste is neither cut unseen nor saved: it says by how much it is too long.
    type('Sponsor message', 'y'.repeat(165));
    expect(field('Sponsor message').value).toBe('y'.repeat(165));
    expect(screen.getByTestId('sponsor-counter').textContent).toBe('165/150');
    expect(screen.getByText('165 characters: shorten it to 150 or fewer to save.')).toBeTruthy();
    expect(field('Sponsor message').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    type('Sponsor message', 'y'.repeat(150));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });

  it('accepts 3- and 6-digit hex colours only, and will not save an invalid one', () => {
    renderBranding();
    type('Primary Color', '#12');
    expect(screen.getByText('Enter a hex color like #2563eb or #26e')).toBeTruthy();
    expect(field('Primary Color').getAttribute('aria-invalid')).toBe('true');
    expect(saveButton().disabled).toBe(true);
    type('Primary Color', '#abc');
    expect(screen.queryByText('Enter a hex color like #2563eb or #26e')).toBeNull();
    expect(saveButton().disabled).toBe(false);
    expect(field('Primary Color picker').value).toBe('#aabbcc');
    type('Secondary Color', '#1234567');
    expect(saveButton().disabled).toBe(true);
    type('Secondary Color', 'zzzzzz');
    expect(saveButton().disabled).toBe(true);
    // The picker keeps the saved colour while the text is not one.
    expect(field('Secondary Color picker').value).toBe('#10b981');
    type('Secondary Color picker', '#ff0000');
    expect(field('Secondary Color').value).toBe('#ff0000');
    expect(saveButton().disabled).toBe(false);
  });

  it('updates the login, e-mail and call previews while the broker types', () => {
    renderBranding();
    expect(screen.getByTestId('login-preview-agency').textContent).toBe('Whitfield Medicare Advisors');

    type('Agency Name', 'Sunrise Benefits');
    type('Primary Color', '#7c3aed');
    type('Agency Phone', '(212) 555-0147');
    type('Sponsor message', 'Sponsored by Sunrise Pharmacy.');

    const login = within(screen.getByTestId('login-preview'));
    expect(login.getByTestId('login-preview-agency').textContent).toBe('Sunrise Benefits');
    expect(login.getByText('Don’t have an account? Contact Sunrise Benefits for an invitation.')).toBeTruthy();
    expect(getComputedStyle(login.getByTestId('login-preview-button')).backgroundColor).toBe('rgb(124, 58, 237)');

    const email = within(screen.getByTestId('email-preview'));
    expect(email.getByTestId('email-preview-agency').textContent).toBe('Sunrise Benefits');
    expect(getComputedStyle(email.getByTestId('email-preview-agency')).color).toBe('rgb(124, 58, 237)');
    expect(email.getByTestId('email-preview-sponsor').textContent).toBe('Sponsored by Sunrise Pharmacy.');
    expect(email.getByText('(212) 555-0147')).toBeTruthy();
    expect(email.getByText(/You are receiving this because you are a client of Sunrise Benefits\./)).toBeTruthy();

    expect(callScript()).toEqual([
      '1Greeting“Hello, this is a reminder from Sunrise Benefits.”',
      '2Reminder“This is your friendly medication reminder.”',
      '3Sponsor message“Sponsored by Sunrise Pharmacy.”',
      `4Prompt“${CALL_PROMPT}”`,
    ]);
  });

  it('warns about a primary colour that is hard to read on white, and previews the readable shade the messages use', () => {
    renderBranding();
    expect(screen.queryByText('This color is hard to read on white')).toBeNull();
    type('Primary Color', '#fde047');
    const warning = screen.getByRole('alert');
    expect(warning.textContent).toContain('This color is hard to read on white');
    expect(warning.textContent).toContain('it reads at 1.2:1, under the 4.5:1');
    const shade = readableBrandColor('#fde047');
    expect(warning.textContent).toMatch(new RegExp(`a darker shade of it, ${shade} \\((4\\.[5-9]|[5-9]\\.\\d):1\\)`));
    expect(screen.getByRole('img', { name: `The shade used: ${shade}` })).toBeTruthy();
    // The e-mail preview draws the agency's name in that shade, as the e-mail itself does.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(shade.slice(i, i + 2), 16));
    expect(getComputedStyle(screen.getByTestId('email-preview-agency')).color).toBe(`rgb(${r}, ${g}, ${b})`);
    type('Primary Color', '#1d4ed8');
    expect(screen.queryByText('This color is hard to read on white')).toBeNull();
  });

  it('previews without a sponsor message, and with the broker’s name or the defaults when there is no agency name', () => {
    renderBranding();
    type('Agency Name', '');
    type('Sponsor message', '   ');
    expect(screen.getByTestId('login-preview-agency').textContent).toBe('Your Healthcare Team');
    // The e-mail and the call name the broker, as the messages themselves do; the portal has the spec's default.
    expect(screen.getByTestId('email-preview-agency').textContent).toBe('Dana Whitfield');
    expect(screen.queryByTestId('email-preview-sponsor')).toBeNull();
    expect(callScript()).toEqual([
      '1Greeting“Hello, this is a reminder from Dana Whitfield.”',
      '2Reminder“This is your friendly medication reminder.”',
      `3Prompt“${CALL_PROMPT}”`,
    ]);
  });

  it('previews the call in Spanish for a broker working in Spanish: its own greeting and prompt, and the Spanish sponsor message when there is one', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    renderWithAdmin(<BrandingPage />, {
      path: '/branding',
      dataProvider: { getPortalLink: async () => PORTAL_LINK },
      user: { ...TEST_USER, sponsorMessage: 'Sponsored by Sunrise Pharmacy.', sponsorMessageEs: '' },
      i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es'),
    });
    // No Spanish sponsor message yet: a Spanish-speaking client hears the English one, as the server sends it.
    await waitFor(() =>
      expect(callScript()).toEqual([
        '1Saludo“Hola, le llamamos de Whitfield Medicare Advisors con un recordatorio.”',
        '2Recordatorio“Este es un amable recordatorio sobre sus medicamentos.”',
        '3Mensaje del patrocinador“Sponsored by Sunrise Pharmacy.”',
        '4Indicación“Oprima 1 o diga sí para confirmar que recibió este mensaje. Oprima 9 para no recibir más estas llamadas.”',
      ]),
    );
    type('Mensaje del patrocinador en español (opcional)', 'Cortesía de Farmacia Sunrise.');
    expect(callScript()[2]).toBe('3Mensaje del patrocinador“Cortesía de Farmacia Sunrise.”');
  });

  it('sends the branding fields, trimmed, and puts the answer in the current user', async () => {
    const answer: CurrentUser = {
      ...TEST_USER,
      agencyName: 'Sunrise Benefits',
      primaryColor: '#7c3aed',
      secondaryColor: '#aabbcc',
      agencyPhone: '+12125550147',
      sponsorMessage: 'Sponsored by Sunrise Pharmacy.',
    };
    const updateBranding = vi.fn().mockResolvedValue(answer);
    const { queryClient } = renderBranding({ updateBranding });
    type('Agency Name', '  Sunrise Benefits ');
    type('Primary Color', '7c3aed');
    type('Secondary Color', '#abc');
    type('Agency Phone', '(212) 555-0147');
    type('Sponsor message', ' Sponsored by Sunrise Pharmacy. ');
    type('Postal Address', ' 12 Main St, Nashville, TN 37201 ');
    fireEvent.click(saveButton());

    expect(await screen.findByText('Branding saved')).toBeTruthy();
    expect(updateBranding).toHaveBeenCalledExactlyOnceWith({
      primaryColor: '#7c3aed',
      secondaryColor: '#abc',
      agencyName: 'Sunrise Benefits',
      agencyPhone: '(212) 555-0147',
      agencyAddress: '12 Main St, Nashville, TN 37201',
      sponsorMessage: 'Sponsored by Sunrise Pharmacy.',
      sponsorMessageEs: '',
    });
    const user = cachedUser(queryClient);
    expect([user.agencyName, user.primaryColor, user.agencyPhone]).toEqual(['Sunrise Benefits', '#7c3aed', '+12125550147']);
    // The form now shows what was saved, so there is nothing left to save.
    expect(field('Agency Phone').value).toBe('+12125550147');
    expect(saveButton().disabled).toBe(true);
  });

  it('shows the spec’s fallback when saving fails, and the server’s message beside the field it names', async () => {
    const updateBranding = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('500: ', 500, undefined))
      .mockRejectedValueOnce(
        new HttpError('400: …', 400, { statusCode: 400, message: 'agencyPhone is not a valid phone number', field: 'agencyPhone' }),
      );
    const { queryClient } = renderBranding({ updateBranding });
    type('Agency Phone', '12');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Failed to save branding settings')).toBeTruthy();

    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getAllByText('agencyPhone is not a valid phone number')).toHaveLength(2));
    expect(field('Agency Phone').getAttribute('aria-invalid')).toBe('true');
    expect(cachedUser(queryClient).agencyPhone).toBe('(555) 010-2000');
    type('Agency Phone', '(212) 555-0147');
    expect(field('Agency Phone').getAttribute('aria-invalid')).toBe('false');
  });

  it('discards unsaved changes', () => {
    renderBranding();
    type('Agency Name', 'Sunrise Benefits');
    fireEvent.click(screen.getByRole('button', { name: 'Discard Changes' }));
    expect(field('Agency Name').value).toBe('Whitfield Medicare Advisors');
    expect(screen.getByTestId('login-preview-agency').textContent).toBe('Whitfield Medicare Advisors');
  });

  it('uploads a logo and shows it everywhere at once', async () => {
    const uploadLogo = vi.fn().mockResolvedValue({ logoUrl: '/api/public/logos/new.png' });
    const { queryClient } = renderBranding({ uploadLogo });
    expect(screen.getByText('No logo yet')).toBeTruthy();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(field('Logo file'), { target: { files: [file] } });

    expect(await screen.findByText('Logo uploaded')).toBeTruthy();
    expect(uploadLogo.mock.calls[0][0]).toBe(file);
    expect(cachedUser(queryClient).logoUrl).toBe('/api/public/logos/new.png');
    expect(screen.getByRole('img', { name: 'Current agency logo' }).getAttribute('src')).toBe('/api/public/logos/new.png');
    expect(screen.getByTestId('login-preview').querySelector('img')?.getAttribute('src')).toBe('/api/public/logos/new.png');
    expect(screen.getByRole('button', { name: /Replace Logo/ })).toBeTruthy();
  });

  it('refuses a file that is not an image without sending it', async () => {
    const uploadLogo = vi.fn();
    renderBranding({ uploadLogo });
    fireEvent.change(field('Logo file'), { target: { files: [new File(['a,b'], 'clients.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('Failed to upload logo')).toBeTruthy();
    expect(screen.getByText('Choose a PNG, JPEG or WebP image of at most 2 MB.')).toBeTruthy();
    expect(uploadLogo).not.toHaveBeenCalled();
  });

  it('says the logo failed when the upload fails', async () => {
    const uploadLogo = vi.fn().mockRejectedValue(new HttpError('500: ', 500, undefined));
    const { queryClient } = renderBranding({ uploadLogo });
    fireEvent.change(field('Logo file'), { target: { files: [new File(['x'], 'logo.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Failed to upload logo')).toBeTruthy();
    expect(uploadLogo).toHaveBeenCalledOnce();
    expect(cachedUser(queryClient).logoUrl).toBeNull();
    expect(screen.getByText('No logo yet')).toBeTruthy();
  });
});

describe('branding helpers', () => {
  it('says the call the way the server does', () => {
    expect(
      callSentences({
        agencyName: 'Whitfield Medicare Advisors',
        message: 'Your plan review is Tuesday.',
        sponsorMessage: 'Brought to you by Whitfield.',
      }),
    ).toEqual([
      'Hello, this is a reminder from Whitfield Medicare Advisors.',
      'Your plan review is Tuesday.',
      'Brought to you by Whitfield.',
      'Press 1 or say yes to confirm you got this message. Press 9 to stop these calls.',
    ]);
    expect(callSentences({ agencyName: ' ', message: 'Hi' })[0]).toBe('Hello, this is a reminder from your insurance agency.');
  });

  it('reads hex colours with or without #, in 3 or 6 digits', () => {
    expect(['#2563eb', '#26e', '7c3aed', ' #ABC '].map(isValidHex)).toEqual([true, true, true, true]);
    expect(['#12', '#1234', '#12345g', '', 'blue'].map(isValidHex)).toEqual([false, false, false, false, false]);
    expect(normalizeHex('7c3aed')).toBe('#7c3aed');
    expect(sixDigitHex('#26E')).toBe('#2266ee');
  });
});
