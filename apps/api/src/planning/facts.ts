import type { TRunStep } from '@amms/contracts/drafts';
import type { PlanningFacts } from './draft-content.js';
import type { BusyFacts, JobFact, MachineFact, OperatorFact } from './tools/agent-tools.js';
import type { ToolRunner } from './tools/runner.js';

/** Which run step each kind of fact came from (a draft version's evidence). */
export interface FactSteps {
  jobs: number;
  machines: number;
  operators: number;
  bookings: number;
}

/**
 * Loads the scheduler's facts through the tools (same permissions and scope as REST):
 * jobs (by the caller's filter), machines, eligible operators and busy intervals in `range`.
 */
export async function loadFacts(
  runner: ToolRunner,
  jobsArgs: Record<string, unknown>,
  range: { from: string; to: string } | null,
): Promise<{ facts: PlanningFacts; steps: FactSteps }> {
  const jobs = await runner.call<JobFact[]>('list_jobs', jobsArgs);
  const machines = await runner.call<MachineFact[]>('candidate_machines', {});
  const operators = await runner.call<OperatorFact[]>('operators', {});
  const busy: { step: number; result: BusyFacts } = range
    ? await runner.call<BusyFacts>('bookings', range)
    : { step: 0, result: { machines: [], operators: [] } };
  return {
    facts: { jobs: jobs.result, machines: machines.result, operators: operators.result, busy: busy.result },
    steps: { jobs: jobs.step, machines: machines.step, operators: operators.step, bookings: busy.step },
  };
}

export const toolSteps = (steps: readonly TRunStep[]) => steps.filter((s) => s.kind === 'tool');
