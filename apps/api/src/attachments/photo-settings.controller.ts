import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ZPhotoSettings,
  ZUpdatePhotoSettingsRequest,
  type TPhotoSettings,
  type TUpdatePhotoSettingsRequest,
} from '@amms/contracts/attachments';
import { AuditService } from '../audit/audit.service.js';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import type { OrgContext } from '../platform/access/context.js';
import { AttachmentsRepository } from './attachments.repository.js';

/**
 * Whether photos keep their EXIF (GPS included) when uploaded. Off by default: a photo's location
 * tells where a member was. Only owners and admins (member.manage) change it; photos already stored
 * keep what they were stored with.
 */
@ApiTags('attachments')
@ApiBearerAuth()
@Controller('orgs/:orgId/photo-settings')
export class PhotoSettingsController {
  constructor(
    private readonly repo: AttachmentsRepository,
    private readonly audit: AuditService,
  ) {}

  @RequirePermission('org.read')
  @Get()
  @Returns(ZPhotoSettings)
  async get(@Ctx() ctx: OrgContext): Promise<TPhotoSettings> {
    return { keepPhotoLocation: await this.repo.keepsPhotoLocation(ctx.organizationId) };
  }

  @RequirePermission('member.manage')
  @Patch()
  @Returns(ZPhotoSettings)
  update(
    @Ctx() ctx: OrgContext,
    @Body({ schema: ZUpdatePhotoSettingsRequest }) body: TUpdatePhotoSettingsRequest,
  ): Promise<TPhotoSettings> {
    return this.repo.transaction(async (tx) => {
      const before = await this.repo.keepsPhotoLocation(ctx.organizationId, tx);
      if (before !== body.keepPhotoLocation) {
        await this.repo.setKeepsPhotoLocation(tx, ctx.organizationId, body.keepPhotoLocation);
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'org.photo_settings_updated', 'organization', ctx.organizationId, {
            before: { keepPhotoLocation: before },
            after: { keepPhotoLocation: body.keepPhotoLocation },
          }),
        );
      }
      return { keepPhotoLocation: body.keepPhotoLocation };
    });
  }
}
