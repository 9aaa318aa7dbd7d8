import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import type { Planner } from './planner/planner.js';
import { RulesPlanner } from './planner/rules-planner.js';

/**
 * Picks the planner from config (AGENT_PLANNER, default `rules`). The openai-compatible planner
 * plugs in here: same `Planner` interface, its output parsed by the same schema.
 */
@Injectable()
export class PlannerFactory {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  create(): Planner {
    switch (this.config.agent.planner) {
      case 'rules':
        return new RulesPlanner();
    }
  }
}
