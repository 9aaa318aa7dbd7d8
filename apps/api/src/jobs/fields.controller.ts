import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZCreateFieldRequest,
  ZField,
  ZListFieldsQuery,
  ZListFieldsResponse,
  ZUpdateFieldRequest,
  type TCreateFieldRequest,
  type TListFieldsQuery,
  type TUpdateFieldRequest,
} from '@amms/contracts/jobs';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../platform/access/context.js';
import { FieldsService } from './fields.service.js';
import { InvalidatesCache } from '../platform/cache/invalidates.js';

const ZIdParam = z.uuid();

@ApiTags('fields')
@ApiBearerAuth()
@Controller('orgs/:orgId/fields')
@InvalidatesCache('analytics', 'map')
export class FieldsController {
  constructor(private readonly fields: FieldsService) {}

  @RequirePermission('field.read')
  @Get()
  @Returns(ZListFieldsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListFieldsQuery }) q: TListFieldsQuery) {
    return this.fields.list(ctx, q);
  }

  @RequirePermission('field.read')
  @Get(':id')
  @Returns(ZField)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.fields.get(ctx, id);
  }

  @RequirePermission('field.write')
  @Idempotent()
  @Post()
  @Returns(ZField, 201)
  create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateFieldRequest }) body: TCreateFieldRequest) {
    return this.fields.create(ctx, body);
  }

  @RequirePermission('field.write')
  @Patch(':id')
  @Returns(ZField)
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateFieldRequest }) body: TUpdateFieldRequest,
  ) {
    return this.fields.update(ctx, id, body);
  }

  @RequirePermission('field.write')
  @Delete(':id')
  @HttpCode(204)
  async remove(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    await this.fields.remove(ctx, id);
  }
}
