import { identifierKey, lookupOf } from './password-resets.service.js';

describe('lookupOf: what a reset request names', () => {
  it.each([
    ['Ruth.A', { username: 'ruth.a', phone: null, email: null }],
    ['  (615) 555-0142 ', { username: '(615) 555-0142', phone: '+16155550142', email: null }],
    ['+1 615.555.0142', { username: '+1 615.555.0142', phone: '+16155550142', email: null }],
    ['Ruth@Example.com', { username: 'ruth@example.com', phone: null, email: 'ruth@example.com' }],
    // Digits that are not a phone number stay a username.
    ['12345', { username: '12345', phone: null, email: null }],
  ])('%j', (typed, lookup) => {
    expect(lookupOf(typed)).toEqual(lookup);
  });

  it('counts a phone number as one identifier however it is typed, and a username whatever its case', () => {
    expect(identifierKey(lookupOf('(615) 555-0142'))).toBe(identifierKey(lookupOf('615-555-0142')));
    expect(identifierKey(lookupOf('Ruth.A'))).toBe(identifierKey(lookupOf('ruth.a')));
    expect(identifierKey(lookupOf('ruth.a'))).not.toBe(identifierKey(lookupOf('ruth.b')));
  });
});
