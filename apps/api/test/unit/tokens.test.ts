import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../../src/identity/tokens.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const claims = () => ({ userId: randomUUID(), sessionId: randomUUID() });

/** The token's payload with `change` applied, the signature left as it was. */
function tampered(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claimsSet = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
  const altered = Buffer.from(JSON.stringify({ ...claimsSet, ...change })).toString('base64url');
  return [header, altered, signature].join('.');
}

describe('session tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verify to the claims they were issued with, again and again', async () => {
    const tokens = new TokenService(SECRET);
    const issued = claims();
    const token = await tokens.issue(issued);
    expect(await tokens.verify(token)).toEqual(issued);
    expect(await tokens.verify(token)).toEqual(issued);
  });

  it('refuse a token signed with another secret, altered, or not a token at all', async () => {
    const tokens = new TokenService(SECRET);
    const token = await tokens.issue(claims());
    await tokens.verify(token);
    const foreign = await new TokenService(`${SECRET}-other`).issue(claims());
    expect(await tokens.verify(foreign)).toBeUndefined();
    expect(await tokens.verify(tampered(token, { sub: randomUUID() }))).toBeUndefined();
    expect(await tokens.verify('not.a.token')).toBeUndefined();
  });

  it('refuse a token without an expiry, however well signed', async () => {
    const tokens = new TokenService(SECRET);
    const { userId, sessionId } = claims();
    const forever = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('reloop')
      .setAudience('reloop-api')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(forever)).toBeUndefined();
  });

  it('refuse a token once it has expired, though it verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = new TokenService(SECRET);
    const issued = claims();
    const token = await tokens.issue(issued);
    vi.setSystemTime(Date.now() + 6 * 24 * 3_600_000);
    expect(await tokens.verify(token)).toEqual(issued);
    vi.setSystemTime(Date.now() + 2 * 24 * 3_600_000);
    expect(await tokens.verify(token)).toBeUndefined();
  });
});
