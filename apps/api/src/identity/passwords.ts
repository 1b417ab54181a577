import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto, no native add-on). The parameters are stored
 * with each hash (`scrypt$N$r$p$salt$key`), so they can be raised without breaking existing
 * accounts: a hash below the current ones is replaced at its owner's next sign-in (needsRehash).
 *
 * OWASP's Password Storage Cheat Sheet names equally strong scrypt settings, from N=2^17, r=8,
 * p=1 (128 MiB) to N=2^13, r=8, p=10 (8 MiB); N=2^15, r=8, p=1, used until now, is below all of
 * them. Measured on a 2-core server (Node 24, median of 5): N=2^17, r=8, p=1 took about 590 ms
 * and 128 MiB a hash; N=2^15, r=8, p=3 about 265 ms and 32 MiB (N=2^15, p=1 took 150 ms). Each
 * sign-in and sign-up costs one hash on one of libuv's four threads, so N=2^17 would hold a core
 * for over half a second per sign-in and four at once would take 512 MiB, more than the whole
 * server uses. N=2^15, r=8, p=3 meets the same recommendation at a quarter of the memory and
 * under half the time, so it is the one used.
 */
const KEY_LENGTH = 64;
const CURRENT_PARAMS = { N: 2 ** 15, r: 8, p: 3 };
/**
 * scrypt needs about 128·N·r bytes: 32 MiB now, 128 MiB (plus a little) for N=2^17, r=8, which
 * is over Node's default limit of 32 MiB. Room for a stored hash of up to that setting.
 */
const MAX_MEMORY = 256 * 1024 * 1024;

interface StoredHash {
  params: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): StoredHash | undefined {
  const [scheme, N, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key || rest.length > 0) return undefined;
  const params = { N: Number(N), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((value) => Number.isSafeInteger(value) && value > 0)) {
    return undefined;
  }
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  const options = { ...params, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, CURRENT_PARAMS);
  const { N, r, p } = CURRENT_PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parse(stored);
  if (!hash) return false;
  const actual = await derive(password, hash.salt, hash.params);
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key);
}

/**
 * Whether a stored hash falls below the current parameters (any of N, r, p lower), or is not a
 * hash of ours at all: after a successful sign-in its password is hashed again.
 */
export function needsRehash(stored: string): boolean {
  const hash = parse(stored);
  if (!hash) return true;
  const { N, r, p } = hash.params;
  return N < CURRENT_PARAMS.N || r < CURRENT_PARAMS.r || p < CURRENT_PARAMS.p;
}

/**
 * A hash to verify against when the email is unknown, so a wrong email costs as long as a
 * wrong password and response times don't reveal which accounts exist. Made by hashPassword,
 * so it always has the current parameters, as every account's hash has after its next sign-in.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
