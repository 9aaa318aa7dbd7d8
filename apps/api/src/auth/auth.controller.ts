import { Returns } from '../platform/http/returns.js';
import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  ZChangePasswordRequest,
  ZLoginResponse,
  ZMeResponse,
  ZOrgsResponse,
  ZTokenPair,
  ZLoginRequest,
  ZLogoutRequest,
  ZRefreshRequest,
  type TChangePasswordRequest,
  type TLoginRequest,
  type TLogoutRequest,
  type TRefreshRequest,
} from '@amms/contracts/auth';
import { AuthService } from './auth.service.js';
import { Authenticated, Principal, Public } from '../platform/access/decorators.js';
import type { AuthPrincipal } from '../platform/access/context.js';
import type { SessionMeta } from './tokens.service.js';

function metaOf(req: FastifyRequest): SessionMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent'] ?? null, requestId: String(req.id) };
}

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('auth/login')
  @HttpCode(200)
  @Returns(ZLoginResponse)
  @ApiOperation({ summary: 'Sign in with email + password; returns tokens, user and memberships' })
  login(@Body({ schema: ZLoginRequest }) body: TLoginRequest, @Req() req: FastifyRequest) {
    return this.auth.login(body, metaOf(req));
  }

  @Public()
  @Post('auth/refresh')
  @HttpCode(200)
  @Returns(ZTokenPair)
  @ApiOperation({ summary: 'Exchange a refresh token for a new pair (rotating; reuse revokes the session)' })
  refresh(@Body({ schema: ZRefreshRequest }) body: TRefreshRequest, @Req() req: FastifyRequest) {
    return this.auth.refresh(body.refreshToken, metaOf(req));
  }

  @Authenticated({ duringPasswordChange: true })
  @Post('auth/logout')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'End this session (all its tokens)' })
  async logout(
    @Principal() p: AuthPrincipal,
    @Body({ schema: ZLogoutRequest.optional() }) body: TLogoutRequest | undefined,
    @Req() req: FastifyRequest,
  ) {
    if (p.kind !== 'USER') return;
    await this.auth.logout(p.userId, p.sessionId, body?.refreshToken, metaOf(req));
  }

  @Authenticated({ duringPasswordChange: true })
  @Get('me')
  @Returns(ZMeResponse)
  @ApiBearerAuth()
  me(@Principal() p: AuthPrincipal) {
    return this.auth.me(p.kind === 'USER' ? p.userId : '');
  }

  @Authenticated({ duringPasswordChange: true })
  @Post('me/password')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Change my password (clears mustChangePassword; my other sessions are signed out, this one stays)',
  })
  async changePassword(
    @Principal() p: AuthPrincipal,
    @Body({ schema: ZChangePasswordRequest }) body: TChangePasswordRequest,
    @Req() req: FastifyRequest,
  ) {
    if (p.kind !== 'USER') return;
    await this.auth.changePassword(p.userId, p.sessionId, body, metaOf(req));
  }

  @Authenticated()
  @Get('orgs')
  @Returns(ZOrgsResponse)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'My active memberships (the org switcher)' })
  async orgs(@Principal() p: AuthPrincipal) {
    return { items: await this.auth.myMemberships(p.kind === 'USER' ? p.userId : '') };
  }
}
