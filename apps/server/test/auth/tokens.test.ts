import { describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../src/platform/auth/tokens.js';
import { AppError } from '../../src/platform/errors.js';

// Verified tokens are kept so that a caller's next requests skip the signature check (ADR 055); what they may not
// skip is the expiry, and a token that never verified is never kept.
describe('access tokens', () => {
  const claims = { userId: 'u-1', sessionId: 's-1', kind: 'customer' as const, role: null };

  async function refusal(run: () => Promise<unknown>): Promise<string | undefined> {
    try {
      await run();
      return undefined;
    } catch (error) {
      return error instanceof AppError ? error.code : String(error);
    }
  }

  it('verifies a token again after its first check, and refuses it once it has expired', async () => {
    let at = Date.parse('2026-11-28T06:00:00Z');
    const signer = createTokenSigner('a-test-secret-of-at-least-32-characters!', () => new Date(at));
    const { token, expiresAt } = await signer.sign(claims);
    expect(await signer.verify(token)).toMatchObject({ userId: 'u-1', sessionId: 's-1', kind: 'customer' });
    expect((await signer.verify(token)).expiresAt).toEqual(expiresAt);
    at = expiresAt.getTime();
    expect(await refusal(() => signer.verify(token))).toBe('TOKEN_EXPIRED');
    at = expiresAt.getTime() - 1000;
    // Dropped when it expired: checked from scratch again (here against a clock that went back).
    expect(await signer.verify(token)).toMatchObject({ userId: 'u-1' });
  });

  it('refuses a token changed after the original verified, and one signed with another secret', async () => {
    const signer = createTokenSigner('a-test-secret-of-at-least-32-characters!');
    const { token } = await signer.sign(claims);
    await signer.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const changed = `${header}.${Buffer.from(JSON.stringify({ ...forged, sub: 'u-2' })).toString('base64url')}.${signature}`;
    expect(await refusal(() => signer.verify(changed))).toBe('UNAUTHORIZED');
    const other = await createTokenSigner('another-secret-of-at-least-32-characters').sign(claims);
    expect(await refusal(() => signer.verify(other.token))).toBe('UNAUTHORIZED');
    expect(await refusal(() => signer.verify(other.token))).toBe('UNAUTHORIZED');
  });
});
