import { Inject, Injectable } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import type { AuthPrincipal } from '../tenancy/context.js';
import { TokensService, type AccessClaims } from './tokens.service.js';
import { AuthErrors } from './auth.errors.js';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tokens: TokensService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.auth.accessSecret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /** Signature and expiry are checked by passport-jwt; the session must still be live. */
  async validate(claims: AccessClaims): Promise<AuthPrincipal> {
    if (claims.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.sid !== 'string') throw AuthErrors.tokenInvalid();
    const user = await this.tokens.liveSessionUser(claims.sid, claims.sub);
    if (!user) throw AuthErrors.tokenInvalid();
    return { kind: 'USER', userId: claims.sub, sessionId: claims.sid, isPlatformAdmin: user.isPlatformAdmin };
  }
}

/** Passport's guard with our error codes instead of a bare 401. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(err: unknown, user: T, info: unknown): T {
    if (err) throw err;
    if (user) return user;
    const name = (info as { name?: string } | undefined)?.name;
    if (name === 'TokenExpiredError') throw AuthErrors.tokenExpired();
    if (info instanceof Error && /No auth token/i.test(info.message)) throw AuthErrors.unauthenticated();
    throw AuthErrors.tokenInvalid();
  }
}
