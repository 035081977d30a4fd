import { hashPassword, isCommonPassword, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id at 19 MiB and 2 passes, and verifies', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain('correct horse');
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(stored, 'Correct horse battery staple')).toBe(false);
  });

  it('never matches without a stored hash', async () => {
    expect(await verifyPassword(undefined, 'not-a-real-password-for-timing-only')).toBe(false);
  });

  it.each(['password', 'password1', '12345678', 'iloveyou', 'PASSWORD', 'qwertyuiop'])('knows %s is common', (pw) => {
    expect(isCommonPassword(pw)).toBe(true);
  });

  it.each(['violet-tractor-91', 'my grandson Tom is 12'])('accepts %s', (pw) => {
    expect(isCommonPassword(pw)).toBe(false);
  });
});
