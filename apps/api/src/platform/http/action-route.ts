import { applyDecorators, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import type { TPermission } from '@amms/contracts/permissions';
import { RequirePermission } from '../access/decorators.js';
import { Idempotent } from '../idempotency/idempotency.interceptor.js';
import { Returns } from './returns.js';

/**
 * A workflow action on one resource, `POST <path>` (e.g. `:id/start`): the permission it needs,
 * Idempotency-Key honoured, and the answer's status and contract: 200 for a step (nothing is
 * created), 201 where the action creates rows (an import's commit).
 */
export const ActionRoute = (path: string, permission: TPermission, returns: z.ZodType, status: 200 | 201 = 200) =>
  applyDecorators(RequirePermission(permission), Idempotent(), Post(path), HttpCode(status), Returns(returns, status));
