import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { createDatabase, type PgPool, type PrismaClient } from '@amms/db';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export type Db = PrismaClient;
/** The transaction client handed to repositories inside a unit of work. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

@Injectable()
export class PrismaService implements OnModuleDestroy {
  readonly client: PrismaClient;
  /** The pg pool under `client` (same connections): only for hot statements in repositories (access.repository.ts). */
  readonly pool: PgPool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    ({ client: this.client, pool: this.pool } = createDatabase(config.db.url, { max: config.db.poolMax }));
  }

  async ping(): Promise<void> {
    await this.client.$queryRaw`SELECT 1`;
  }

  async onModuleDestroy(): Promise<void> {
    await this.client.$disconnect();
  }
}
