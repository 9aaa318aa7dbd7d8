/**
 * The one password-strength policy: the API enforces it on `POST /me/password` (422
 * PASSWORD_TOO_WEAK with `details.reasons`), the web runs the same function before sending, so
 * both say the same thing. NIST SP 800-63B style: a minimum length, no composition rules, but
 * refuse what is trivially guessable (one repeated pattern, a well-known password, the email).
 * Lengths count code points after NFKC, the form the hash is computed on.
 */

export const PASSWORD_MIN_LENGTH = 10;
/** scrypt's cost does not depend on the length, but nobody needs more; the zod schema bounds it */
export const PASSWORD_MAX_LENGTH = 200;
/** fewer distinct characters than this is a pattern, not a password ("aaaaaaaaaa", "1212121212") */
export const PASSWORD_MIN_DISTINCT = 5;

export const PASSWORD_WEAKNESSES = ['TOO_SHORT', 'TOO_FEW_DISTINCT', 'TOO_COMMON', 'CONTAINS_EMAIL'] as const;
export type TPasswordWeakness = (typeof PASSWORD_WEAKNESSES)[number];

/** Well-known passwords that pass the length and variety rules (lower-cased, compared whole). */
const COMMON = new Set([
  '1234567890',
  '0123456789',
  '12345678910',
  '123456789a',
  'a123456789',
  'abc1234567',
  'abcd123456',
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'qwertyuiop',
  'qwerty1234',
  'qwerty123456',
  'asdfghjkl1',
  'zxcvbnm123',
  '1qaz2wsx3edc',
  'iloveyou12',
  'woaini1314',
  'woaini520',
  'abcdefghij',
  'letmein123',
  'welcome123',
  'changeme123',
  'admin12345',
  'administrator',
]);

/** Every rule the password breaks, in a stable order; [] = acceptable. */
export function passwordWeaknesses(password: string, context: { email?: string | null } = {}): TPasswordWeakness[] {
  const pw = password.normalize('NFKC');
  const chars = Array.from(pw);
  const out: TPasswordWeakness[] = [];
  if (chars.length < PASSWORD_MIN_LENGTH) out.push('TOO_SHORT');
  if (new Set(chars.map((c) => c.toLowerCase())).size < PASSWORD_MIN_DISTINCT) out.push('TOO_FEW_DISTINCT');
  const lower = pw.toLowerCase();
  if (COMMON.has(lower)) out.push('TOO_COMMON');
  const email = context.email?.trim().toLowerCase();
  if (email) {
    const local = email.split('@')[0] ?? '';
    if (lower.includes(email) || (local.length >= 3 && lower.includes(local))) out.push('CONTAINS_EMAIL');
  }
  return out;
}
