import { randomBytes } from 'node:crypto';

import { currentKeyPrefix, decryptPhi, encryptPhi, isEncrypted, MissingPhiKeyError, needsReencryption, usePhiKeys } from './phi-crypto.js';

const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');

describe('PHI encryption', () => {
  it('round-trips, with a fresh nonce every time and nothing readable stored', () => {
    usePhiKeys(keyA);
    const one = encryptPhi('Metformin 500 mg');
    const two = encryptPhi('Metformin 500 mg');
    expect(one).not.toBe(two);
    expect(isEncrypted(one)).toBe(true);
    expect(one).not.toContain('Metformin');
    expect(decryptPhi(one)).toBe('Metformin 500 mg');
  });

  it('refuses a tampered value', () => {
    usePhiKeys(keyA);
    const parts = encryptPhi('Lisinopril').split(':');
    parts[4] = Buffer.from('Lisinoprik').toString('base64url');
    expect(() => decryptPhi(parts.join(':'))).toThrow();
  });

  it('rotates: old values still read with the old key listed, and are flagged for re-encryption', () => {
    usePhiKeys(keyA);
    const old = encryptPhi('with breakfast');
    usePhiKeys(keyB, [keyA]);
    expect(decryptPhi(old)).toBe('with breakfast');
    expect(needsReencryption(old)).toBe(true);
    const fresh = encryptPhi('with breakfast');
    expect(needsReencryption(fresh)).toBe(false);
    expect(fresh.startsWith(currentKeyPrefix())).toBe(true);
    expect(old.startsWith(currentKeyPrefix())).toBe(false);
    usePhiKeys(keyB);
    expect(() => decryptPhi(old)).toThrow(MissingPhiKeyError);
    expect(() => decryptPhi(old)).toThrow(/PHI_ENCRYPTION_OLD_KEYS/);
  });
});
