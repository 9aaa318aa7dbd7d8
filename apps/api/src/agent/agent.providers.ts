import { AgentRunFinisher } from './agent-run.finisher.js';
import { AgentRepository } from './agent.repository.js';
import { AgentService } from './agent.service.js';
import { ScheduleDraftRun } from './agent-schedule.js';
import { FaultDiagnosis } from './fault-diagnosis.js';
import { FaultDiagnosisRepository } from './fault-diagnosis.repository.js';
import { FollowUpEdits } from './followup/followup.service.js';
import { LeaveStatements } from './leave/leave-statement.js';
import { PlannerFactory } from './planner-factory.js';
import { SkillsRepository } from './skills/skills.repository.js';
import { SkillTools } from './skills/skill-tools.js';
import { AgentTools } from '../planning/tools/agent-tools.js';
import { WorkCalendarRepository } from '../planning/tools/work-calendar.repository.js';
import { WorldFactsRepository } from '../planning/tools/world-facts.repository.js';

/** The agent's runs (planner, tools, skills, the run's end), registered in app.module; memory: memory/memory.module.ts. */
export const AGENT_PROVIDERS = [
  AgentRepository,
  AgentTools,
  // the parts hook (PARTS_AVAILABILITY) is bound by the inventory module (inventory/stock-availability.ts)
  WorkCalendarRepository,
  WorldFactsRepository,
  SkillsRepository,
  SkillTools,
  PlannerFactory,
  AgentRunFinisher,
  FollowUpEdits,
  LeaveStatements,
  ScheduleDraftRun,
  AgentService,
  // a machine's new fault code → the diagnosis draft (the worker runs it: worker.module.ts)
  FaultDiagnosisRepository,
  FaultDiagnosis,
];
