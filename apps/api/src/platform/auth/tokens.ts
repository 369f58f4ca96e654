// JWTs that name a session row; the session decides whether the token still works. Every token
// carries an expiry (the session's absolute lifetime); a token without one is refused.
import { createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sessionId: string;
  userId: string;
  role: string;
}

/** Default token lifetime in days: the default absolute session lifetime (SESSION_MAX_DAYS). */
const DEFAULT_TOKEN_DAYS = 90;

// Tokens already verified, with their claims and expiry: a signed token never changes, so checking its
// signature again on each of a user's requests proves nothing new. Whether it still works is decided by
// its session row on every request (revocation), and its expiry is checked on every use.
interface Verified {
  claims: TokenClaims;
  expiresAtMs: number;
}
const VERIFIED_MAX = 10_000;

interface Signer {
  key: KeyObject;
  verified: Map<string, Verified>;
}

// Per secret: the secret as a key object, made once (jose would otherwise import the raw bytes as a
// new WebCrypto key on every call), and the tokens it has verified.
const signers = new Map<string, Signer>();
function signerOf(secret: string): Signer {
  let signer = signers.get(secret);
  if (!signer) {
    signer = { key: createSecretKey(Buffer.from(secret, 'utf8')), verified: new Map() };
    signers.set(secret, signer);
  }
  return signer;
}

export async function signToken(claims: TokenClaims, secret: string, lifetimeDays = DEFAULT_TOKEN_DAYS): Promise<string> {
  return new SignJWT({ role: claims.role, uid: claims.userId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sessionId)
    .setIssuedAt()
    .setExpirationTime(`${lifetimeDays}d`)
    .sign(signerOf(secret).key);
}

/** Returns the claims, or null for any bad, expired or tampered token, or one without `exp`. */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  const { key, verified } = signerOf(secret);
  const known = verified.get(token);
  if (known) {
    if (known.expiresAtMs > Date.now()) return known.claims;
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
    if (typeof payload.sub !== 'string' || typeof payload.uid !== 'string' || typeof payload.role !== 'string') return null;
    if (typeof payload.exp !== 'number') return null; // a token that never expires is never accepted
    const claims = { sessionId: payload.sub, userId: payload.uid, role: payload.role };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}
