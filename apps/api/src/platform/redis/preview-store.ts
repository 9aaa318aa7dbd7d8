import { AppError } from '../errors/app-error.js';
import type { RedisService } from './redis.service.js';

/**
 * Import previews in Redis with an expiry: drafts of one user's upload that nothing else reads
 * (losing one on a Redis restart only means uploading the file again). A commit claims the
 * preview with SET NX (one commit wins; a second one sees 'committing' or 'committed'); a failed
 * commit releases the claim. The sheet imports and the boundary imports each extend it.
 */
export abstract class PreviewStore<P extends { id: string; owner: string }> {
  protected constructor(
    private readonly redis: RedisService,
    /** the preview's key in the org's slot; the claim state lives at `${key}:state` */
    private readonly key: (orgId: string, id: string) => string,
  ) {}

  async save(orgId: string, p: P, ttlSeconds: number): Promise<void> {
    await this.redis.client.set(this.key(orgId, p.id), JSON.stringify(p), 'EX', ttlSeconds);
  }

  /** The preview of this org and owner that `fits`; another owner's, an unfit or an expired one → 404. */
  protected async loadOwned(orgId: string, id: string, owner: string, fits: (p: P) => boolean = () => true) {
    const raw = await this.redis.client.get(this.key(orgId, id));
    const p = raw ? (JSON.parse(raw) as P) : null;
    if (!p || p.owner !== owner || !fits(p))
      throw new AppError('NOT_FOUND', 'Import preview not found (expired, or not yours): upload the file again');
    return p;
  }

  /** Claims the preview for a commit: 'claimed', or what another commit is doing or did. */
  async claim(orgId: string, id: string, ttlSeconds: number): Promise<'claimed' | 'committing' | 'committed'> {
    const ok = await this.redis.client.set(this.stateKey(orgId, id), 'committing', 'EX', ttlSeconds, 'NX');
    if (ok === 'OK') return 'claimed';
    return (await this.redis.client.get(this.stateKey(orgId, id))) === 'committed' ? 'committed' : 'committing';
  }

  async markCommitted(orgId: string, id: string, ttlSeconds: number): Promise<void> {
    await this.redis.client.set(this.stateKey(orgId, id), 'committed', 'EX', ttlSeconds);
  }

  async release(orgId: string, id: string): Promise<void> {
    await this.redis.client.del(this.stateKey(orgId, id));
  }

  private stateKey(orgId: string, id: string): string {
    return `${this.key(orgId, id)}:state`;
  }
}
