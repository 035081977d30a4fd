import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { NotFound } from '../shared/NotFound.tsx';
import { PortalLanguageProvider } from './i18n.tsx';
import { Landing } from './Landing.tsx';
import { PortalNotFound } from './PortalNotFound.tsx';

afterEach(cleanup);

describe('Landing', () => {
  it('shows the spec texts and sends every call to action to sign-in', () => {
    render(<Landing />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Stop AEP Churn. Grow Your Book of Business.');
    const trial = screen.getAllByRole('link', { name: 'Start Your Free 30-Day Trial' });
    expect(trial).toHaveLength(2);
    for (const link of [...trial, screen.getByRole('link', { name: 'Sign In' })]) {
      expect(link.getAttribute('href')).toBe('/api/login');
    }
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    for (const value of ['85%', '50%', '$2.5K']) expect(screen.getByText(value)).toBeTruthy();
    expect(screen.getByText(/© 2025/)).toBeTruthy();
    // A senior who lands here finds the way to their portal.
    expect(screen.getByRole('link', { name: 'Sign in to your portal' }).getAttribute('href')).toBe('/client/login');
  });
});

describe('NotFound', () => {
  it('shows the not-found texts', () => {
    render(<NotFound />);
    expect(screen.getByRole('heading').textContent).toBe('404 Page Not Found');
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
    // A way home from the dead end.
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('speaks the public pages’ language to a Spanish browser, though the page still says lang="en" on its first render', async () => {
    document.documentElement.lang = 'en';
    render(
      <PortalLanguageProvider initial="es">
        <PortalNotFound />
      </PortalLanguageProvider>,
    );
    expect((await screen.findByRole('heading')).textContent).toBe('404: página no encontrada');
    expect(screen.getByRole('link', { name: 'Ir a la página de inicio' }).getAttribute('href')).toBe('/');
  });
});
