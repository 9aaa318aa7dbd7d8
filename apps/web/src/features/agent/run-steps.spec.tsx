// @vitest-environment happy-dom
import type { TAgentRun } from '@amms/contracts/drafts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import { formatDate } from '@/lib/format';
import { labelMessages } from '@/lib/draft-labels';
import { agentMessages } from './messages';
import { constraintLines, describeStep, RunSteps, type StepWords } from './run-steps';
import { skillMessages } from './skill-messages';

const TZ = 'Asia/Shanghai';
const ID = '00000000-0000-4000-8000-000000000001';
const w: StepWords = { m: agentMessages.en, l: labelMessages.en, sm: skillMessages.en, locale: 'en', timeZone: TZ };

const run = (patch: Partial<TAgentRun> = {}): TAgentRun => ({
  id: ID,
  conversationId: null,
  goal: 'schedule next week',
  planner: 'rules',
  status: 'COMPLETED',
  intent: 'SCHEDULE_JOBS',
  constraints: {
    intent: 'SCHEDULE_JOBS',
    period: { from: '2026-12-07', to: '2026-12-13' },
    operationTypes: ['HARVESTING'],
    teams: [{ id: ID, name: 'Team 1' }],
    fields: [],
    minPriority: null,
    urgentFirst: true,
    avoid: { inMaintenance: true, dueForMaintenance: false, assets: [{ id: ID, name: 'JD-1' }], operators: [] },
    prefer: { assets: [], operators: [] },
    missing: [],
    question: null,
    language: 'en',
    notes: [],
  },
  question: null,
  message: null,
  steps: [],
  error: null,
  draftId: null,
  draft: null,
  answer: null,
  createdAt: '2026-12-03T08:00:00.000Z',
  finishedAt: null,
  ...patch,
});

afterEach(cleanup);

describe('describeStep', () => {
  it('names the intent and the period of the plan step', () => {
    expect(describeStep(run(), { step: 1, kind: 'plan' }, w)).toBe(
      'Understood the goal: schedule jobs, period 2026-12-07 to 2026-12-13',
    );
  });

  it("shows a tool's half-open period up to the day before `to`, its record count and size", () => {
    const text = describeStep(
      run(),
      {
        step: 2,
        kind: 'tool',
        tool: 'list_jobs',
        args: { from: '2026-12-06T16:00:00.000Z', to: '2026-12-13T16:00:00.000Z' },
        resultCount: 12,
        resultSize: 2048,
        durationMs: 7.6,
      },
      w,
    );
    const last = formatDate('2026-12-13T15:59:59.999Z', 'en', TZ);
    expect(text).toContain(
      `Looked up the jobs to schedule (${formatDate('2026-12-06T16:00:00.000Z', 'en', TZ)} to ${last})`,
    );
    expect(text).toContain('read 12 records (about 2 KB) in 8 ms');
  });

  it('says a failed tool failed, in bytes below 1 KB, and keeps an unknown tool by name', () => {
    expect(describeStep(run(), { step: 3, kind: 'tool', tool: 'mystery', ok: false, error: 'boom' }, w)).toMatch(
      /^mystery.*boom/,
    );
    expect(describeStep(run(), { step: 3, kind: 'tool', tool: 'mystery', resultSize: 300 }, w)).toContain('300 bytes');
  });

  it('counts a schedule step from the draft, and falls back to the message (or nothing) without one', () => {
    const draft = {
      items: [{}, {}],
      unplaced: [{}],
      workOrderItems: [{}],
      unplacedWorkOrders: [],
      correctiveItems: [],
      purchaseLines: [],
      leaveItems: [],
    } as unknown as TAgentRun['draft'];
    expect(describeStep(run({ draft }), { step: 4, kind: 'schedule' }, w)).toBe(
      'Scheduling: 3 items placed, 1 could not be placed',
    );
    expect(describeStep(run(), { step: 4, kind: 'schedule', message: 'nothing to do' }, w)).toBe('nothing to do');
    expect(describeStep(run(), { step: 5, kind: 'message' }, w)).toBeNull();
  });
});

describe('constraintLines', () => {
  it('lists only the constraints the goal set', () => {
    expect(constraintLines(run(), w)).toEqual([
      'Operation types: Harvesting',
      'Avoid machines in maintenance',
      'Avoid: JD-1',
      'Urgent jobs first',
      'Teams: Team 1',
    ]);
    expect(constraintLines(run({ constraints: null }), w)).toEqual([]);
  });
});

describe('RunSteps', () => {
  it('numbers the steps it can describe and puts the constraints under the plan step', () => {
    render(
      <I18nProvider locale="en">
        <RunSteps
          run={run({
            steps: [
              { step: 1, kind: 'plan' },
              { step: 2, kind: 'message' },
              { step: 3, kind: 'message', message: 'done' },
            ],
          })}
          timeZone={TZ}
        />
      </I18nProvider>,
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Urgent jobs first');
    expect(items[1]!.textContent).toBe('3done');
  });
});
