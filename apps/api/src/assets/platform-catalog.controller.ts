import { Body, Controller, Get, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZCreateMachineModelRequest,
  ZListMachineModelsQuery,
  ZListMachineModelsResponse,
} from '@amms/contracts/assets';
import { ZMachineModel, ZUpdateMachineModelRequest } from '@amms/contracts/assets';
import type { TCreateMachineModelRequest, TListMachineModelsQuery } from '@amms/contracts/assets';
import type { TUpdateMachineModelRequest } from '@amms/contracts/assets';
import { PlatformAdmin, Principal } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { AuthPrincipal } from '../platform/access/context.js';
import { MachineModelsService, platformActor } from './machine-models.service.js';

/**
 * The platform machine catalog (models with no org, visible to every org). Outside any org:
 * the global guard admits only a platform admin (@PlatformAdmin: a user, never an API key, with
 * isPlatformAdmin read in the request's access query; 403 FORBIDDEN otherwise). These routes read and write platform models only: platform admins get no access to
 * any org's rows through them.
 */
@ApiTags('platform')
@ApiBearerAuth()
@Controller('platform/machine-models')
export class PlatformCatalogController {
  constructor(private readonly models: MachineModelsService) {}

  @PlatformAdmin()
  @Get()
  @Returns(ZListMachineModelsResponse)
  @ApiOperation({ summary: 'Platform catalog models (platform admins)' })
  list(
    @Principal() p: AuthPrincipal,
    @Req() req: FastifyRequest,
    @Query({ schema: ZListMachineModelsQuery }) q: TListMachineModelsQuery,
  ) {
    return this.models.listPlatform(platformActor(p, String(req.id)), q);
  }

  @PlatformAdmin()
  @Idempotent()
  @Post()
  @Returns(ZMachineModel, 201)
  @ApiOperation({ summary: 'Add a platform catalog model, visible to every org (platform admins)' })
  create(
    @Principal() p: AuthPrincipal,
    @Req() req: FastifyRequest,
    @Body({ schema: ZCreateMachineModelRequest }) body: TCreateMachineModelRequest,
  ) {
    return this.models.createPlatform(platformActor(p, String(req.id)), body);
  }

  @PlatformAdmin()
  @Patch(':id')
  @Returns(ZMachineModel)
  @ApiOperation({
    summary: 'Edit a platform catalog model (platform admins); expectedUpdatedAt is the concurrency token',
  })
  update(
    @Principal() p: AuthPrincipal,
    @Req() req: FastifyRequest,
    @Param('id', { schema: z.uuid() }) id: string,
    @Body({ schema: ZUpdateMachineModelRequest }) body: TUpdateMachineModelRequest,
  ) {
    return this.models.updatePlatform(platformActor(p, String(req.id)), id, body);
  }
}
