import { AppError } from '../platform/errors/app-error.js';

export const TenancyErrors = {
  memberNotFound: () => new AppError('NOT_FOUND', 'Member not found'),
  teamNotFound: (ids?: string[]) => new AppError('NOT_FOUND', 'Team not found', ids ? { teamIds: ids } : undefined),
  memberExists: () => new AppError('MEMBER_EXISTS', 'This user is already a member of the organization'),
  lastOwner: () => new AppError('LAST_OWNER', 'The organization must keep at least one active owner'),
  cannotChangeSelf: (what: string[]) =>
    new AppError('CANNOT_CHANGE_SELF', `You cannot change your own ${what.join(', ')}: another member with member.manage must do it`, { fields: what }),
  cannotRemoveSelf: () => new AppError('CANNOT_CHANGE_SELF', 'You cannot remove yourself: another member with member.manage must do it', { fields: ['membership'] }),
  roleTooHigh: (role: string) => new AppError('FORBIDDEN', `You cannot grant or change the role ${role}`, { role }),
  teamNameTaken: (name: string) => new AppError('TEAM_NAME_TAKEN', `A team named "${name}" already exists`, { name }),
  nameRequired: () =>
    new AppError('VALIDATION_FAILED', 'A new user needs a name', [{ path: 'name', message: 'required for a new user', code: 'invalid_type' }]),
};
