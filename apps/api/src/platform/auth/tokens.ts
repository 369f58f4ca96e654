// JWTs that name a session row; the session decides whether the token still works.
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sessionId: string;
  userId: string;
  role: string;
}

const TOKEN_LIFETIME = '30d';

export async function signToken(claims: TokenClaims, secret: string): Promise<string> {
  return new SignJWT({ role: claims.role, uid: claims.userId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sessionId)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(new TextEncoder().encode(secret));
}

/** Returns the claims, or null for any bad, expired or tampered token. */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.uid !== 'string' || typeof payload.role !== 'string') return null;
    return { sessionId: payload.sub, userId: payload.uid, role: payload.role };
  } catch {
    return null;
  }
}
