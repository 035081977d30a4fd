import { afterEach, describe, expect, it } from 'vitest';

import { setBrokerLanguage } from '../../i18n/current.ts';
import { loadBrokerCatalogue } from '../../i18n/useBrokerTexts.ts';
import { actionChoices, adminChoiceLabel, auditActionLabel, auditExportUrl, personLabel, targetLabel } from './format.ts';

afterEach(() => setBrokerLanguage('en'));

describe('audit log wording', () => {
  it.each([
    ['trial_extended', 'Trial extended'],
    ['resource_deleted', 'Resource deleted'],
    ['api_token_revoked', 'API token revoked'],
    ['resource_made_private', 'Resource made private'],
    ['something_new', 'Something new'],
  ])('names %s as “%s”', (action, words) => {
    expect(auditActionLabel(action)).toBe(words);
  });

  it('names actions in Spanish with the Spanish catalogue', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    expect(auditActionLabel('trial_extended')).toBe('Prueba extendida');
    expect(auditActionLabel('api_token_revoked')).toBe('Token de API revocado');
    expect(targetLabel({ targetType: 'resource', before: null, after: { title: 'Guía' } })).toBe('Recurso · Guía');
  });

  it('offers every named action once, by its words, and keeps an unknown one chosen in the address', () => {
    const choices = actionChoices();
    expect(choices.map((c) => c.id)).toContain('trial_extended');
    expect(new Set(choices.map((c) => c.id)).size).toBe(choices.length);
    expect(choices.map((c) => c.name)).toEqual([...choices.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
    expect(choices.some((c) => c.id === 'odd_action')).toBe(false);
    expect(actionChoices('odd_action')).toContainEqual({ id: 'odd_action', name: 'Odd action' });
  });

  it.each([
    [{ id: 'a', name: 'Alex Morgan', email: 'alex@x.test' }, 'Alex Morgan', 'Alex Morgan (alex@x.test)'],
    [{ id: 'a', name: null, email: 'alex@x.test' }, 'alex@x.test', 'alex@x.test'],
    [{ id: 'a', name: null, email: null }, 'Deleted account', 'Deleted account'],
  ])('names %j as %s (in the admin filter: %s)', (person, label, choice) => {
    expect(personLabel(person)).toBe(label);
    expect(adminChoiceLabel(person)).toBe(choice);
  });

  it.each([
    [{ targetType: 'broker', before: null, after: null }, null],
    [{ targetType: 'resource', before: { title: 'Old' }, after: { title: 'New' } }, 'Resource · New'],
    [{ targetType: 'resource', before: { title: 'Gone' }, after: null }, 'Resource · Gone'],
    [{ targetType: 'api_token', before: { name: 'Zapier' }, after: { name: 'Zapier' } }, 'API token · Zapier'],
    [{ targetType: 'invoice', before: null, after: null }, 'invoice'],
  ])('says what %j was about: %s', (entry, label) => {
    expect(targetLabel(entry)).toBe(label);
  });
});

describe('the export address', () => {
  it('carries the filters, without empty ones', () => {
    expect(auditExportUrl({})).toBe('/api/admin/audit/export');
    expect(auditExportUrl({ q: '', action: undefined })).toBe('/api/admin/audit/export');
    const url = new URL(auditExportUrl({ action: 'trial_extended', from: '2026-11-01', q: '' }), 'http://app.test');
    expect(url.pathname).toBe('/api/admin/audit/export');
    expect(url.searchParams.get('filter')).toBe('{"action":"trial_extended","from":"2026-11-01"}');
  });
});
