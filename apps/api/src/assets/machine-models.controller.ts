import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ZCreateMachineModelRequest,
  ZListMachineModelsQuery,
  ZListMachineModelsResponse,
  ZMachineModel,
  type TCreateMachineModelRequest,
  type TListMachineModelsQuery,
} from '@amms/contracts/assets';
import { Ctx, RequirePermission } from '../auth/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../tenancy/context.js';
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
}
