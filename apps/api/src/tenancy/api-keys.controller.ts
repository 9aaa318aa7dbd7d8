import { Returns } from '../platform/http/returns.js';
import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ZPageQuery, type TPageQuery } from '@amms/contracts/common';
import {
  ZApiKey,
  ZCreateApiKeyResponse,
  ZListApiKeysResponse,
  ZCreateApiKeyRequest,
  type TCreateApiKeyRequest,
} from '@amms/contracts/api-keys';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import { ApiKeysService } from './api-keys.service.js';
import type { OrgContext } from '../platform/access/context.js';

@ApiTags('api-keys')
@ApiBearerAuth()
@Controller('orgs/:orgId/api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @RequirePermission('apikey.manage')
  @Get()
  @Returns(ZListApiKeysResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZPageQuery }) q: TPageQuery) {
    return this.keys.list(ctx, q.limit, q.cursor);
  }

  @RequirePermission('apikey.manage')
  @Idempotent()
  @Post()
  @Returns(ZCreateApiKeyResponse, 201)
  create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateApiKeyRequest }) body: TCreateApiKeyRequest) {
    return this.keys.create(ctx, body);
  }

  /** Revoking is permanent; the row stays for the audit trail. */
  @RequirePermission('apikey.manage')
  @Delete(':id')
  @Returns(ZApiKey)
  revoke(@Ctx() ctx: OrgContext, @Param('id', { schema: z.uuid() }) id: string) {
    return this.keys.revoke(ctx, id);
  }
}
