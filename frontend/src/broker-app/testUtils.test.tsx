import { cleanup, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useLocaleState, useStore } from 'react-admin';
import { describe, expect, it } from 'vitest';

import { renderWithAdmin } from './testUtils.tsx';

function ChoosesSpanish() {
  const [locale, setLocale] = useLocaleState();
  const [filter, setFilter] = useStore('clients.listParams', 'none');
  useEffect(() => {
    setLocale('es');
    setFilter('at-risk');
  }, [setLocale, setFilter]);
  return <p>{`${locale} ${filter}`}</p>;
}

function ShowsChoices() {
  const [locale] = useLocaleState();
  const [filter] = useStore('clients.listParams', 'none');
  return <p>{`${locale} ${filter}`}</p>;
}

describe('renderWithAdmin', () => {
  it('starts every screen with a store of its own: a language or filter chosen before is not carried over', async () => {
    renderWithAdmin(<ChoosesSpanish />);
    expect(await screen.findByText('es at-risk')).toBeTruthy();
    cleanup();
    renderWithAdmin(<ShowsChoices />);
    expect(await screen.findByText('en none')).toBeTruthy();
  });
});
