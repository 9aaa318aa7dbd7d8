import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZRecognitionResponse, ZRecognitionSetup } from '@amms/contracts/attachments';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import { RateLimit } from '../platform/rate-limit/rate-limit.guard.js';
import type { OrgContext } from '../platform/access/context.js';
import { RecognitionService } from './recognition.service.js';

@ApiTags('assets')
@ApiBearerAuth()
@Controller('orgs/:orgId/machine-models/recognitions')
export class RecognitionController {
  constructor(private readonly recognition: RecognitionService) {}

  /** Whether a photo can be recognised here at all: the page says what it does, or the admin's next step. */
  @RequirePermission('asset.write')
  @Get('setup')
  @Returns(ZRecognitionSetup)
  @ApiOperation({ summary: 'Whether recognition from a photo is set up in this deployment (RECOGNITION_URL)' })
  setup() {
    return this.recognition.setup();
  }

  /** For "add a machine from a photo": whoever may add machines. */
  @RequirePermission('asset.write')
  @RateLimit('recognition')
  @Idempotent({ deferred: true })
  @Post()
  @ApiConsumes('multipart/form-data')
  @Returns(ZRecognitionResponse, 201)
  @ApiOperation({
    summary:
      'Recognise a machine model from a photo (multipart `file`): top candidates with confidence and the service model version; without RECOGNITION_URL or an answer the status says to search the catalog by hand',
  })
  recognise(@Ctx() ctx: OrgContext, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.recognition.recognise(ctx, req, reply);
  }
}
