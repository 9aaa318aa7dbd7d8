import { AppError } from '../platform/errors/app-error.js';

export const AgentErrors = {
  runNotFound: () => new AppError('NOT_FOUND', 'Agent run not found'),
  preferenceNotFound: () => new AppError('NOT_FOUND', 'Preference not found'),
  conversationNotFound: () => new AppError('NOT_FOUND', 'Conversation not found', { field: 'conversationId' }),
};
