import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ZCreateMachineModelRequest,
  ZListMachineModelsQuery,
  ZListMachineModelsResponse,
  ZMachineModel,
  ZUpdateMachineModelRequest,
  type TCreateMachineModelRequest,
  type TListMachineModelsQuery,
  type TUpdateMachineModelRequest,
} from '@amms/contracts/assets';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../platform/access/context.js';
import { MachineModelsService } from './machine-models.service.js';

@ApiTags('machine-models')
@ApiBearerAuth()
@Controller('orgs/:orgId/machine-models')
export class MachineModelsController {
  constructor(private readonly models: MachineModelsService) {}

  @RequirePermission('catalog.read')
  @Get()
  @Returns(ZListMachineModelsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListMachineModelsQuery }) q: TListMachineModelsQuery) {
    return this.models.list(ctx, q);
  }

  @RequirePermission('catalog.write')
  @Idempotent()
  @Post()
  @Returns(ZMachineModel, 201)
  create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateMachineModelRequest }) body: TCreateMachineModelRequest) {
    return this.models.create(ctx, body);
  }

  /**
   * Edits one of the org's private models (platform models → 403: they are managed on
   * /platform/machine-models). `expectedUpdatedAt` is the concurrency token (no version column).
   */
  @RequirePermission('catalog.write')
  @Patch(':id')
  @Returns(ZMachineModel)
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: z.uuid() }) id: string,
    @Body({ schema: ZUpdateMachineModelRequest }) body: TUpdateMachineModelRequest,
  ) {
    return this.models.update(ctx, id, body);
  }
}
