import { createHmac } from 'node:crypto';

import { signedSessionId } from './lean-reads.js';

const SECRET = 'a-session-secret-of-thirty-two-characters';
const NAME = 'carekeep.sid';

function signed(id: string, secret = SECRET): string {
  return `s:${id}.${createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, '')}`;
}

describe('signedSessionId: the session id of a Cookie header, as express-session reads it', () => {
  it('reads the percent-encoded signed cookie a browser sends back', () => {
    expect(signedSessionId(`${NAME}=${encodeURIComponent(signed('abc-123_x'))}`, NAME, SECRET)).toBe('abc-123_x');
  });

  it('reads it unencoded too, among other cookies, with spaces around', () => {
    expect(signedSessionId(`theme=dark; ${NAME}=${signed('id1')} ; lang=es`, NAME, SECRET)).toBe('id1');
  });

  it('takes the first cookie of the name, as the cookie parser does', () => {
    expect(signedSessionId(`${NAME}=${signed('first')}; ${NAME}=${signed('second')}`, NAME, SECRET)).toBe('first');
  });

  it('refuses a cookie signed with another secret, or changed after signing', () => {
    expect(signedSessionId(`${NAME}=${signed('id1', 'another-secret-of-thirty-two-characters')}`, NAME, SECRET)).toBeUndefined();
    expect(signedSessionId(`${NAME}=${signed('id1').replace('s:id1', 's:id2')}`, NAME, SECRET)).toBeUndefined();
    expect(signedSessionId(`${NAME}=${signed('id1').slice(0, -1)}`, NAME, SECRET)).toBeUndefined();
  });

  it.each([
    ['no header', undefined],
    ['no such cookie', 'other=1'],
    ['a cookie whose name only ends with it', `x${NAME}=${signed('id1')}`],
    ['an unsigned value', `${NAME}=id1`],
    ['an empty value', `${NAME}=`],
    ['no signature', `${NAME}=s:id1`],
    ['a malformed percent-encoding', `${NAME}=s%3Aid1.%E0%A4%A`],
  ])('answers nothing for %s', (_name, header) => {
    expect(signedSessionId(header, NAME, SECRET)).toBeUndefined();
  });
});
