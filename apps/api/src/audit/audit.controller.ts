import { Returns } from '../platform/http/returns.js';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ZAuditVerifyResponse,
  ZListAuditEventsResponse,
  ZListAuditEventsQuery,
  type TListAuditEventsQuery,
} from '@amms/contracts/audit';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { AuditService } from './audit.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { RateLimit } from '../platform/rate-limit/rate-limit.guard.js';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('orgs/:orgId/audit-events')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @RequirePermission('audit.read')
  @Get()
  @Returns(ZListAuditEventsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListAuditEventsQuery }) q: TListAuditEventsQuery) {
    return this.audit.list(ctx, q);
  }

  @RequirePermission('audit.read')
  @RateLimit('audit.verify')
  @Get('verify')
  @Returns(ZAuditVerifyResponse)
  verify(@Ctx() ctx: OrgContext) {
    return this.audit.verify(ctx.organizationId);
  }
}
