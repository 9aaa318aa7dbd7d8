import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../platform/config/config.js';
import { PlatformModule } from '../platform/platform.module.js';

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerModule, imports: [PlatformModule.forRoot(config)] };
  }
}
