import { AgentMetrics } from './agent-metrics.js';
import { AgentMemoryController } from './memory.controller.js';
import { AgentMemoryRepository } from './memory.repository.js';
import { AgentMemoryService } from './memory.service.js';

/** The agent's memory, preferences, feedback and metrics, registered in app.module. */
export const AGENT_MEMORY_CONTROLLERS = [AgentMemoryController];
export const AGENT_MEMORY_PROVIDERS = [AgentMemoryRepository, AgentMemoryService, AgentMetrics];
