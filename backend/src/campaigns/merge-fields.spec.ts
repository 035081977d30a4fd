import { fillMergeFields, phoneForReading, unknownMergeFieldMessage, unknownMergeFields } from './merge-fields.js';

const values = { firstName: 'Ruth', lastName: 'Alvarez', agencyName: 'Harbor Senior Insurance', agencyPhone: '(615) 555-0142' };

describe('campaign merge fields', () => {
  it('fills each field for the client, with or without spaces inside the braces', () => {
    expect(fillMergeFields('Hi {firstName} { lastName }, call {agencyName} at {agencyPhone}.', values)).toBe(
      'Hi Ruth Alvarez, call Harbor Senior Insurance at (615) 555-0142.',
    );
  });

  it('leaves nothing in braces for a field without a value', () => {
    expect(fillMergeFields('Hi {firstName}!', { ...values, firstName: '' })).toBe('Hi !');
  });

  it('finds the braces that are not merge fields, once each, and says which fields there are', () => {
    expect(unknownMergeFields('Hi {first_name} and {FirstName}, {FirstName} {firstName} {}')).toEqual(['{FirstName}']);
    expect(unknownMergeFields('{planName} renews')).toEqual(['{planName}']);
    expect(unknownMergeFields('No fields at all, 50% {off}')).toEqual(['{off}']);
    expect(unknownMergeFieldMessage('message', ['{planName}'])).toBe(
      'message has {planName}, which is not a merge field: use {firstName}, {lastName}, {agencyName}, {agencyPhone}',
    );
  });

  it('reads a US number as a client writes it', () => {
    expect(phoneForReading('+16155550142')).toBe('(615) 555-0142');
    expect(phoneForReading('')).toBe('');
    expect(phoneForReading('+442071838750')).toBe('+442071838750');
  });
});
