import { AppError } from '../platform/errors/app-error.js';

export const TenancyErrors = {
  memberNotFound: () => new AppError('NOT_FOUND', 'Member not found'),
  leaveNotFound: () => new AppError('NOT_FOUND', 'Leave not found'),
  teamNotFound: (ids?: string[]) => new AppError('NOT_FOUND', 'Team not found', ids ? { teamIds: ids } : undefined),
  memberExists: () => new AppError('MEMBER_EXISTS', 'This user is already a member of the organization'),
  lastOwner: () => new AppError('LAST_OWNER', 'The organization must keep at least one active owner'),
  cannotChangeSelf: (what: string[]) =>
    new AppError(
      'CANNOT_CHANGE_SELF',
      `You cannot change your own ${what.join(', ')}: another member with member.manage must do it`,
      { fields: what },
    ),
  cannotRemoveSelf: () =>
    new AppError('CANNOT_CHANGE_SELF', 'You cannot remove yourself: another member with member.manage must do it', {
      fields: ['membership'],
    }),
  cannotResetOwnPassword: () =>
    new AppError(
      'CANNOT_CHANGE_SELF',
      'You cannot reset your own password here: change it with POST /api/v1/me/password',
      { fields: ['password'] },
    ),
  passwordResetNotAllowed: (reason: 'PLATFORM_ADMIN' | 'OTHER_ORGANIZATIONS') =>
    new AppError(
      'PASSWORD_RESET_NOT_ALLOWED',
      "This account is not this organization's alone (a platform admin, or a member of other organizations): its owner changes the password after signing in",
      { reason },
    ),
  /** granting (a member or a key) a data scope or teams beyond the caller's own */
  scopeNotGrantable: (beyond: { dataScope?: string; teamIds?: string[] }) =>
    new AppError('SCOPE_NOT_GRANTABLE', 'You cannot grant a data scope or teams beyond your own', beyond),
  /** acting on a member who sees more than the caller (a wider data scope, or teams the caller is not in) */
  reachTooWide: (beyond: { dataScope?: string; teamIds?: string[] }) =>
    new AppError(
      'FORBIDDEN',
      'You cannot change this member: they see more than you (a wider data scope, or teams you are not in)',
      { reason: 'WIDER_SCOPE', ...beyond },
    ),
  roleTooHigh: (role: string) => new AppError('FORBIDDEN', `You cannot grant or change the role ${role}`, { role }),
  teamNameTaken: (name: string) => new AppError('TEAM_NAME_TAKEN', `A team named "${name}" already exists`, { name }),
  nameRequired: () =>
    new AppError('VALIDATION_FAILED', 'A new user needs a name', [
      { path: 'name', message: 'required for a new user', code: 'invalid_type' },
    ]),
};
