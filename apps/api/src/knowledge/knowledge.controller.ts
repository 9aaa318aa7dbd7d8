import { Body, Controller } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ZKnowledgeAnswer,
  ZKnowledgeAnswerRequest,
  ZKnowledgeSearchRequest,
  ZKnowledgeSearchResponse,
  type TKnowledgeAnswerRequest,
  type TKnowledgeSearchRequest,
} from '@amms/contracts/knowledge';
import { Ctx } from '../platform/access/decorators.js';
import { ActionRoute } from '../platform/http/action-route.js';
import type { OrgContext } from '../platform/access/context.js';
import { KnowledgeService } from './knowledge.service.js';

@ApiTags('knowledge')
@ApiBearerAuth()
@Controller('orgs/:orgId/knowledge')
export class KnowledgeController {
  constructor(private readonly knowledge: KnowledgeService) {}

  @ActionRoute('search', 'knowledge.read', ZKnowledgeSearchResponse)
  @ApiOperation({
    summary: 'Ranked passages (lexical ⊕ trigram ⊕ optional dense, RRF k=60) from the manuals the org may read',
  })
  search(@Ctx() ctx: OrgContext, @Body({ schema: ZKnowledgeSearchRequest }) body: TKnowledgeSearchRequest) {
    return this.knowledge.search(ctx, body);
  }

  @ActionRoute('answers', 'knowledge.read', ZKnowledgeAnswer)
  @ApiOperation({
    summary:
      'A cited answer (every sentence has a citation whose snippet is on its page), or found:false when the manuals do not say',
  })
  answer(@Ctx() ctx: OrgContext, @Body({ schema: ZKnowledgeAnswerRequest }) body: TKnowledgeAnswerRequest) {
    return this.knowledge.answer(ctx, body);
  }
}
