import { findHealthTerm } from './health-terms.js';

describe('findHealthTerm', () => {
  it.each([
    ['Time to take your Metformin', 'Metformin'],
    ['Remember your LISINOPRIL today', 'LISINOPRIL'],
    ['Your insulin refill is ready', 'insulin'],
    ['Checking in about your diabetes plan', 'diabetes'],
    ['How is your blood  pressure?', 'blood  pressure'],
    ["Your Alzheimer's support call", "Alzheimer's"],
    ['Please take your medication.', 'medication'],
  ])('finds a health word in %j', (message, term) => {
    expect(findHealthTerm(message)).toBe(term);
  });

  it.each([
    'Your annual plan review is coming up. Call us with any questions!',
    'Open enrollment starts October 15th.',
    'Pillow drive this Saturday at the community center', // "pill" only as a whole word
    'Dosewell Mutual newsletter is out', // "dose" only as a whole word
    'Happy birthday from your agency',
  ])('lets the generic message %j through', (message) => {
    expect(findHealthTerm(message)).toBeUndefined();
  });
});
