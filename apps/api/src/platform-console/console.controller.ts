import { Controller, Get, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ZPlatformHealth, ZPlatformOrgsResponse } from '@amms/contracts/platform';
import { PlatformAdmin } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { ConsoleService } from './console.service.js';

/**
 * The platform console's reads (platform admins only; anyone else 403 FORBIDDEN): every org with
 * its usage, and the health of the running system. Counts, never an org's business rows.
 */
@ApiTags('platform')
@ApiBearerAuth()
@Controller('platform')
export class PlatformConsoleController {
  constructor(private readonly console: ConsoleService) {}

  @PlatformAdmin()
  @Get('orgs')
  @Returns(ZPlatformOrgsResponse)
  @ApiOperation({ summary: 'Organizations with their usage over the last 30 days (platform admins)' })
  orgs() {
    return this.console.orgs();
  }

  @PlatformAdmin()
  @Get('health')
  @Returns(ZPlatformHealth)
  @ApiOperation({
    summary:
      'Health: database, Redis, outbox backlog, manual ingestion, failed agent runs, optional services (platform admins)',
  })
  health(@Req() req: FastifyRequest) {
    return this.console.health(req.log);
  }
}
