import { marketingDetailsMessage, missingMarketingDetails } from './marketing-details.js';

describe('the details an agency gives before a campaign goes out', () => {
  it('needs a postal address that is not blank and an answer to the TPMO question, in that order', () => {
    expect(missingMarketingDetails({ agencyAddress: '', tpmoAnswered: false })).toEqual(['agencyAddress', 'sellsPlans']);
    expect(missingMarketingDetails({ agencyAddress: '  \n ', tpmoAnswered: true })).toEqual(['agencyAddress']);
    expect(missingMarketingDetails({ agencyAddress: '9 Elm Street, Dayton, OH 45402', tpmoAnswered: false })).toEqual(['sellsPlans']);
    expect(missingMarketingDetails({ agencyAddress: '9 Elm Street, Dayton, OH 45402', tpmoAnswered: true })).toEqual([]);
  });

  it('says what is missing in words a broker can act on', () => {
    expect(marketingDetailsMessage(['agencyAddress'])).toBe('Before a campaign goes out, add your agency’s postal address (Branding).');
    expect(marketingDetailsMessage(['sellsPlans'])).toBe(
      'Before a campaign goes out, say whether your agency sells Medicare plans (Branding).',
    );
  });
});
