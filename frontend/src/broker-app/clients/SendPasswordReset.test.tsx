import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { spanishReactAdmin } from '../../i18n/es/react-admin.ts';
import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import { renderWithAdmin } from '../testUtils.tsx';
import type { Client } from '../types.ts';
import { SendPasswordReset } from './SendPasswordReset.tsx';

const CLIENT = { id: 'c1', firstName: 'Ruth', lastName: 'Alvarez', inviteStatus: 'accepted', isActive: true } as Client;

afterEach(() => {
  setBrokerLanguage('en');
});

describe('Send password reset on the client page', () => {
  it('asks first, sends on confirmation, and says how the client gets it (never the code)', async () => {
    const send = vi.fn(async () => ({ channel: 'sms' as const, message: 'A password reset was sent to Ruth Alvarez by text message.' }));
    renderWithAdmin(<SendPasswordReset client={CLIENT} />, { dataProvider: { sendClientPasswordReset: send } });
    fireEvent.click(screen.getByRole('button', { name: 'Send password reset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Ruth Alvarez a password reset?' });
    expect(within(dialog).getByText(/You never see it/)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('c1'));
    expect(await screen.findByText('Password reset sent')).toBeTruthy();
    expect(screen.getByText('Ruth Alvarez gets a code by text message. It works for 30 minutes.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes nothing on Cancel', async () => {
    const send = vi.fn();
    renderWithAdmin(<SendPasswordReset client={CLIENT} />, { dataProvider: { sendClientPasswordReset: send } });
    fireEvent.click(screen.getByRole('button', { name: 'Send password reset' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(send).not.toHaveBeenCalled();
  });

  it("shows the server's reason when it cannot be sent", async () => {
    const send = vi.fn(async () => {
      throw new HttpError('This client has not created an account yet', 409, {
        statusCode: 409,
        message: 'This client has not created an account yet',
      });
    });
    renderWithAdmin(<SendPasswordReset client={CLIENT} />, { dataProvider: { sendClientPasswordReset: send } });
    fireEvent.click(screen.getByRole('button', { name: 'Send password reset' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send reset' }));
    expect(await screen.findByText('Failed to send the password reset')).toBeTruthy();
    expect(screen.getByText('This client has not created an account yet')).toBeTruthy();
  });

  it('is in Spanish for a Spanish-speaking broker', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    const send = vi.fn(async () => ({ channel: 'email' as const, message: 'sent' }));
    renderWithAdmin(<SendPasswordReset client={CLIENT} />, {
      dataProvider: { sendClientPasswordReset: send },
      i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar cambio de contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Enviar a Ruth Alvarez un cambio de contraseña?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Ruth Alvarez recibirá un enlace por correo electrónico. Funciona durante 30 minutos.')).toBeTruthy();
  });
});
