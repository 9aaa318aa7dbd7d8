/** The facts about a stored refresh token that decide what presenting it means. */
export interface StoredRefreshToken {
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
}

export type RefreshVerdict = 'ROTATE' | 'EXPIRED' | 'REVOKED' | 'REUSED';

/**
 * Rotation rules (OAuth 2.0 Security BCP, refresh token rotation):
 * - a token that was already rotated is being replayed → the whole family is revoked;
 * - a revoked token (logout, or a family revoked after reuse) is refused;
 * - an expired token is refused;
 * - otherwise it is exchanged for a new one in the same family.
 * Reuse is checked before revocation so a replay after a reuse still reads as reuse.
 */
export function classifyRefresh(token: StoredRefreshToken, now: Date): RefreshVerdict {
  if (token.rotatedAt) return 'REUSED';
  if (token.revokedAt) return 'REVOKED';
  if (token.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'ROTATE';
}
