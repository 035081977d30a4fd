import { changedFields, factsOf, NOT_RECORDED } from './changes.js';

describe('the fields a change touched', () => {
  it.each([
    ['nothing changed', { a: 1, b: 'x' }, { a: 1, b: 'x' }, null],
    ['one field of two', { a: 1, b: 'x' }, { a: 2, b: 'x' }, { before: { a: 1 }, after: { a: 2 } }],
    ['a value cleared', { email: 'r@example.com' }, { email: null }, { before: { email: 'r@example.com' }, after: { email: null } }],
    ['undefined and null are the same', { zip: undefined }, { zip: null }, null],
    [
      'dates as ISO text',
      { at: new Date('2026-11-30T10:00:00Z') },
      { at: new Date('2026-12-01T10:00:00Z') },
      { before: { at: '2026-11-30T10:00:00.000Z' }, after: { at: '2026-12-01T10:00:00.000Z' } },
    ],
    ['the same date, another object', { at: new Date('2026-11-30T10:00:00Z') }, { at: new Date('2026-11-30T10:00:00Z') }, null],
    ['lists by value', { scopes: ['a', 'b'] }, { scopes: ['a', 'b'] }, null],
    ['a field only after', {}, { role: 'agent' }, { before: { role: null }, after: { role: 'agent' } }],
  ])('%s', (_, before, after, expected) => {
    expect(changedFields(before, after)).toEqual(expected);
  });

  it.each([
    ['written', null, 'Call after 5', { before: { notes: null }, after: { notes: NOT_RECORDED } }],
    ['rewritten', 'Call after 5', 'Prefers e-mail', { before: { notes: NOT_RECORDED }, after: { notes: NOT_RECORDED } }],
    ['cleared', 'Call after 5', null, { before: { notes: NOT_RECORDED }, after: { notes: null } }],
    ['unchanged', 'Call after 5', 'Call after 5', null],
  ])('a text not recorded, %s, shows only that it held something', (_, was, is, expected) => {
    const change = changedFields({ notes: was }, { notes: is }, ['notes']);
    expect(change).toEqual(expected);
    expect(JSON.stringify(change)).not.toMatch(/Call after|Prefers/);
  });

  it('takes the fields asked for, and no other', () => {
    expect(factsOf({ a: 1, b: 2, c: 3 }, ['a', 'c'])).toEqual({ a: 1, c: 3 });
  });
});
