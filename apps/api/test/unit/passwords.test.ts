import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '../../src/identity/passwords.ts';

/** A hash as stored before the parameters were raised: scrypt N=2^15, r=8, p=1. */
function earlierHash(password: string, params = { N: 2 ** 15, r: 8, p: 1 }): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { ...params, maxmem: 256 * 1024 * 1024 });
  const { N, r, p } = params;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'plaintext')).toBe(false);
  });

  it('hashes with N=2^15, r=8, p=3 and still verifies hashes of the earlier N=2^15, r=8, p=1', async () => {
    expect(await hashPassword('correct horse')).toMatch(/^scrypt\$32768\$8\$3\$/);
    const earlier = earlierHash('correct horse');
    expect(await verifyPassword('correct horse', earlier)).toBe(true);
    expect(await verifyPassword('correct horsf', earlier)).toBe(false);
  });

  it('asks for a rehash of a hash below the current parameters, and only then', async () => {
    expect(needsRehash(earlierHash('pw'))).toBe(true);
    expect(needsRehash(earlierHash('pw', { N: 2 ** 14, r: 8, p: 3 }))).toBe(true);
    expect(needsRehash(earlierHash('pw', { N: 2 ** 15, r: 4, p: 3 }))).toBe(true);
    expect(needsRehash(await hashPassword('pw'))).toBe(false);
    expect(needsRehash(earlierHash('pw', { N: 2 ** 16, r: 8, p: 3 }))).toBe(false);
    expect(needsRehash('plaintext')).toBe(true);
  });
});
