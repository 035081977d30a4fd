import { afterEach, describe, expect, it } from 'vitest';

import { AGENCY_ACTIONS } from '../../../../backend/src/agency-log/agency-actions.ts';
import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import type { AgencyEventMember } from '../types.ts';
import { actionChoices, agencyActionLabel, changeLines, eventMemberName, eventMemberRole, valueText } from './format.ts';

const LUIS: AgencyEventMember = { id: 'm2', name: 'Luis Ortega', email: 'luis@agency.test', role: 'agent', removed: false };

const lineTexts = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  changeLines({ before, after }).map((line) => `${line.label}: ${line.text}`);

afterEach(() => setBrokerLanguage('en'));

describe("the activity log's words", () => {
  it('names an action in the app’s language, and an action it has no words for by the entry’s sentence', () => {
    expect(agencyActionLabel({ action: 'client_created', summary: 'Added the client Rosa Diaz' })).toBe('Client added');
    expect(agencyActionLabel({ action: 'member_joined', summary: 'Luis Ortega joined the agency as an agent' })).toBe('Member joined');
    const newer = { action: 'client_merged', summary: 'Merged Rosa Diaz into Rosa Díaz' } as unknown as Parameters<
      typeof agencyActionLabel
    >[0];
    expect(agencyActionLabel(newer)).toBe('Merged Rosa Diaz into Rosa Díaz');
  });

  it('offers every action as a filter choice, in alphabetical order of its words, and keeps one from the address', () => {
    const choices = actionChoices();
    expect(choices.map((choice) => choice.id).sort()).toEqual([...AGENCY_ACTIONS].sort());
    expect(choices[0]).toEqual({ id: 'token_created', name: 'API token created' });
    expect(choices.map((choice) => choice.name)).toEqual([...choices.map((choice) => choice.name)].sort((a, b) => a.localeCompare(b)));
    expect(actionChoices('client_merged')).toContainEqual({ id: 'client_merged', name: 'client_merged' });
    expect(actionChoices('client_created')).toHaveLength(AGENCY_ACTIONS.length);
  });

  it('names the member by name, else e-mail, with their role and whether they were removed', () => {
    expect(eventMemberName(LUIS)).toBe('Luis Ortega');
    expect(eventMemberName({ ...LUIS, name: null })).toBe('luis@agency.test');
    expect(eventMemberName({ ...LUIS, name: null, email: null })).toBe('Unknown member');
    expect(eventMemberRole(LUIS)).toBe('Agent');
    expect(eventMemberRole({ ...LUIS, role: 'read_only', removed: true })).toBe('Read-only · removed');
  });

  it.each([
    ['phone', '+16155550199', '(615) 555-0199'],
    ['agencyPhone', '+442071234567', '+442071234567'],
    ['role', 'read_only', 'Read-only'],
    ['language', 'es', 'Español'],
    ['subscriptionTier', 'pmpm', 'PMPM'],
    ['subscriptionStatus', 'past_due', 'Past Due'],
    ['isActive', false, 'No'],
    ['sellsPlans', true, 'Yes'],
    ['notes', '(not recorded)', 'not recorded'],
    ['email', null, '—'],
    ['carrier', '', '—'],
    ['rowsRead', 12, '12'],
    ['monthlyPriceCents', 4900, '$49.00'],
    ['dateOfBirth', '1950-03-07', 'Mar 07, 1950'],
    ['clientIds', ['0d4b2c8e-1f3a-4b5c-9d6e-7f8a9b0c1d2e', '1d4b2c8e-1f3a-4b5c-9d6e-7f8a9b0c1d2e'], '2 clients'],
    ['tokenIds', ['0d4b2c8e-1f3a-4b5c-9d6e-7f8a9b0c1d2e'], '1 item'],
    ['scopes', ['clients:read', 'clients:write'], 'clients:read, clients:write'],
    ['channels', [], '—'],
    ['audience', { kind: 'clients', clients: 3 }, 'Kind: clients, Clients: 3'],
    ['carrier', 'Humana', 'Humana'],
  ])('writes %s = %j as “%s”', (field, value, text) => {
    expect(valueText(field, value)).toBe(text);
  });

  it('writes a moment as the app writes times', () => {
    expect(valueText('expiresAt', '2026-12-01T15:30:00.000Z')).toMatch(/^Dec 01, 2026 at \d{1,2}:30 [AP]M$/);
  });

  it('lists each field before and after, the value alone when only one side is kept', () => {
    expect(lineTexts({ phone: '+16155550101' }, { phone: '+16155550199' })).toEqual(['Phone: (615) 555-0101 → (615) 555-0199']);
    // A new client: only what they were added with.
    expect(lineTexts(null, { firstName: 'Rosa', lastName: 'Diaz', notes: '(not recorded)' })).toEqual([
      'First name: Rosa',
      'Last name: Diaz',
      'Notes: not recorded',
    ]);
    // A member removed: what they were, and what their removal did.
    expect(lineTexts({ email: 'luis@agency.test', role: 'agent' }, { removed: true, clientsReassigned: 1 })).toEqual([
      'E-mail: was luis@agency.test',
      'Role: was Agent',
      'Removed: Yes',
      'Clients moved: 1',
    ]);
    // In the app's order of the fields, whatever the order of the stored keys.
    expect(lineTexts(null, { phone: '+16155550101', lastName: 'Diaz', someNewSetting: 'on', firstName: 'Rosa' })).toEqual([
      'First name: Rosa',
      'Last name: Diaz',
      'Phone: (615) 555-0101',
      'Some new setting: on',
    ]);
    // A field the app has no words for, by its own name in words.
    expect(lineTexts(null, { someNewSetting: 'on' })).toEqual(['Some new setting: on']);
    expect(changeLines({ before: null, after: null })).toEqual([]);
  });

  it('speaks Spanish', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    expect(agencyActionLabel({ action: 'client_created', summary: 'Added the client Rosa Diaz' })).toBe('Cliente agregado');
    expect(eventMemberRole({ ...LUIS, removed: true })).toBe('Agente · quitado');
    expect(lineTexts({ phone: '+16155550101', isActive: true }, { phone: '+16155550199', isActive: false })).toEqual([
      'Teléfono: (615) 555-0101 → (615) 555-0199',
      'Activo: Sí → No',
    ]);
    expect(lineTexts({ role: 'agent' }, {})).toEqual(['Rol: era Agente']);
    expect(valueText('clientIds', ['0d4b2c8e-1f3a-4b5c-9d6e-7f8a9b0c1d2e'])).toBe('1 cliente');
    expect(actionChoices()[0].name.localeCompare(actionChoices()[1].name)).toBeLessThan(0);
  });
});
