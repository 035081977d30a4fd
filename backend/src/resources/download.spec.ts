import { contentDisposition } from '../common/content-disposition.js';
import { requestedRange } from './download.js';

describe('requestedRange', () => {
  it.each([
    [undefined, 1000, undefined],
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=500-', 1000, { start: 500, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=900-5000', 1000, { start: 900, end: 999 }],
    ['bytes=1000-', 1000, 'invalid'],
    ['bytes=5-2', 1000, 'invalid'],
    ['bytes=0-1,5-9', 1000, 'invalid'],
    ['items=0-1', 1000, 'invalid'],
  ])('reads %j of %i bytes as %j', (header, size, range) => {
    expect(requestedRange(header, size)).toEqual(range);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Medicare Guide 2026.pdf')).toBe(
      `attachment; filename="Medicare Guide 2026.pdf"; filename*=UTF-8''Medicare%20Guide%202026.pdf`,
    );
    expect(contentDisposition('Guía "AEP".pdf')).toBe(`attachment; filename="Gu_a _AEP_.pdf"; filename*=UTF-8''Gu%C3%ADa%20%22AEP%22.pdf`);
  });
});
