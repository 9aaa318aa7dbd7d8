import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { OpenAiCompatiblePlanner } from './planner/openai-planner.js';
import type { Planner } from './planner/planner.js';
import { RulesPlanner } from './planner/rules-planner.js';

/**
 * Picks the planner from config (AGENT_PLANNER, default `rules`). Both implement `Planner` and
 * their output is parsed by the same schema; `openai-compatible` falls back to `rules` on
 * invalid output or an unreachable model. One planner per run.
 */
@Injectable()
export class PlannerFactory {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  create(): Planner {
    const { planner, openai } = this.config.agent;
    switch (planner) {
      case 'rules':
        return new RulesPlanner();
      case 'openai-compatible':
        // parseConfig refuses to boot without the base URL and model, so `openai` is set here
        if (!openai)
          throw new Error('AGENT_PLANNER=openai-compatible needs AGENT_OPENAI_BASE_URL and AGENT_OPENAI_MODEL');
        return new OpenAiCompatiblePlanner(openai);
    }
  }
}
