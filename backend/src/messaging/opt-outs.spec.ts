import { keywordOf } from './opt-outs.service.js';

describe('keywordOf', () => {
  it.each(['STOP', 'stop', ' Stop ', 'STOPALL', 'unsubscribe', 'END', 'quit', 'REVOKE', 'OptOut', 'CANCEL'])('%j opts out', (body) => {
    expect(keywordOf(body)).toBe('stop');
  });

  it.each(['START', 'unstop', ' Start'])('%j opts back in', (body) => {
    expect(keywordOf(body)).toBe('start');
  });

  it('knows HELP and ignores other texts', () => {
    expect(keywordOf('help')).toBe('help');
    expect(keywordOf('please stop calling')).toBeUndefined();
    expect(keywordOf('')).toBeUndefined();
    expect(keywordOf(undefined)).toBeUndefined();
  });
});
