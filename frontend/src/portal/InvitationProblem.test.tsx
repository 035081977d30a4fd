import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import PublicApp from './PublicApp.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.history.pushState({}, '', '/');
});

/** The public app at /invitation, as the server's redirect opens it, in a reader's language. */
function open(search: string, language: 'en' | 'es') {
  window.history.pushState({}, '', `/invitation${search}&lang=${language}`);
  render(<PublicApp />);
}

describe('the page of an invitation that cannot be accepted', () => {
  it('says an expired link no longer works, whom to ask, and leads home', async () => {
    open('?problem=expired', 'en');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('This invitation no longer works');
    expect(screen.getByText(/Ask the person who invited you to send the invitation again\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('tells a person of another agency to sign out and use another account, in Spanish too', async () => {
    open('?problem=other-agency', 'es');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Usted ya trabaja en otra agencia');
    expect(screen.getByText(/cada persona trabaja en una sola agencia/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cerrar sesión' }).getAttribute('href')).toBe('/api/logout');
  });
});
