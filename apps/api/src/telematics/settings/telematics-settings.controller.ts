import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ZTelematicsSettings,
  ZUpdateTelematicsSettingsRequest,
  type TTelematicsSettings,
  type TUpdateTelematicsSettingsRequest,
} from '@amms/contracts/telematics';
import { AuditService } from '../../audit/audit.service.js';
import { Ctx, RequirePermission } from '../../platform/access/decorators.js';
import { Returns } from '../../platform/http/returns.js';
import type { OrgContext } from '../../platform/access/context.js';
import { TelematicsSettingsRepository } from './telematics-settings.repository.js';

/**
 * The org's telematics settings: the fuel price that turns a job's litres into a FUEL cost
 * document (off by default) and how far outside its field a started job's machine may be before
 * the job shows a hint. Read with telematics.read, changed with telematics.manage, audited.
 */
@ApiTags('telematics')
@ApiBearerAuth()
@Controller('orgs/:orgId/telematics/settings')
export class TelematicsSettingsController {
  constructor(
    private readonly repo: TelematicsSettingsRepository,
    private readonly audit: AuditService,
  ) {}

  @RequirePermission('telematics.read')
  @Get()
  @ApiOperation({ summary: "The org's fuel price for cost lines and the far-from-field distance" })
  @Returns(ZTelematicsSettings)
  get(@Ctx() ctx: OrgContext): Promise<TTelematicsSettings> {
    return this.repo.find(ctx.organizationId);
  }

  @RequirePermission('telematics.manage')
  @Patch()
  @ApiOperation({ summary: 'Set the fuel price (null: no fuel cost lines) and the far-from-field distance' })
  @Returns(ZTelematicsSettings)
  update(
    @Ctx() ctx: OrgContext,
    @Body({ schema: ZUpdateTelematicsSettingsRequest }) body: TUpdateTelematicsSettingsRequest,
  ): Promise<TTelematicsSettings> {
    return this.repo.transaction(async (tx) => {
      const was = await this.repo.find(ctx.organizationId, tx);
      const now = { ...was, ...body };
      if (JSON.stringify(now) !== JSON.stringify(was)) {
        await this.repo.update(tx, ctx.organizationId, now);
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'org.telematics_settings_updated', 'organization', ctx.organizationId, {
            before: was,
            after: now,
          }),
        );
      }
      return now;
    });
  }
}
