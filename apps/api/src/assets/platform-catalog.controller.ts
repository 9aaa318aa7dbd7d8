import { Body, Controller, Get, Injectable, Param, Patch, Post, Query, Req, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
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
import { Authenticated, Principal } from '../auth/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { AuthPrincipal } from '../tenancy/context.js';
import { MachineModelsService, platformActor } from './machine-models.service.js';

/**
 * Runs after the global AccessGuard (which set req.principal) and before validation pipes and
 * the idempotency interceptor: a non-admin gets 403 whatever they send, not a 400 on their body.
 */
@Injectable()
export class PlatformAdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest & { principal?: AuthPrincipal }>();
    if (!req.principal) throw new Error('PlatformAdminGuard without an authenticated principal');
    platformActor(req.principal, String(req.id));
    return true;
  }
}

/**
 * The platform machine catalog (models with no org, visible to every org). Outside any org:
 * the global guard only authenticates (@Authenticated: a user, never an API key), then
 * PlatformAdminGuard requires isPlatformAdmin (403 FORBIDDEN otherwise; the handlers check it
 * again). These routes read and write platform models only: platform admins get no access to
 * any org's rows through them.
 */
@ApiTags('platform')
@ApiBearerAuth()
@UseGuards(PlatformAdminGuard)
@Controller('platform/machine-models')
export class PlatformCatalogController {
  constructor(private readonly models: MachineModelsService) {}

  @Authenticated()
  @Get()
  @Returns(ZListMachineModelsResponse)
  @ApiOperation({ summary: 'Platform catalog models (platform admins)' })
  list(@Principal() p: AuthPrincipal, @Req() req: FastifyRequest, @Query({ schema: ZListMachineModelsQuery }) q: TListMachineModelsQuery) {
    return this.models.listPlatform(platformActor(p, String(req.id)), q);
  }

  @Authenticated()
  @Idempotent()
  @Post()
  @Returns(ZMachineModel, 201)
  @ApiOperation({ summary: 'Add a platform catalog model, visible to every org (platform admins)' })
  create(@Principal() p: AuthPrincipal, @Req() req: FastifyRequest, @Body({ schema: ZCreateMachineModelRequest }) body: TCreateMachineModelRequest) {
    return this.models.createPlatform(platformActor(p, String(req.id)), body);
  }

  @Authenticated()
  @Patch(':id')
  @Returns(ZMachineModel)
  @ApiOperation({ summary: 'Edit a platform catalog model (platform admins); expectedUpdatedAt is the concurrency token' })
  update(
    @Principal() p: AuthPrincipal,
    @Req() req: FastifyRequest,
    @Param('id', { schema: z.uuid() }) id: string,
    @Body({ schema: ZUpdateMachineModelRequest }) body: TUpdateMachineModelRequest,
  ) {
    return this.models.updatePlatform(platformActor(p, String(req.id)), id, body);
  }
}
