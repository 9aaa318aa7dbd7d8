'use client';

import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextAreaField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { agentMessages } from './messages';

export const GOAL_INPUT_ID = 'agent-goal';
export const focusGoal = () => document.getElementById(GOAL_INPUT_ID)?.focus();

/** The goal box (or, after a question, the answer box) with the example goals and the submit button. */
export function GoalForm({
  goal,
  onGoalChange,
  onPickExample,
  goalError,
  answering,
  pending,
  error,
  onSubmit,
}: {
  goal: string;
  onGoalChange: (goal: string) => void;
  /** an example goal chosen: it replaces the goal (and any error about an empty one) */
  onPickExample: (goal: string) => void;
  goalError: string | null;
  answering: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (e: FormEvent) => void;
}) {
  const m = useMessages(agentMessages);
  return (
    <form
      onSubmit={onSubmit}
      aria-busy={pending}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      noValidate
    >
      <TextAreaField
        id={GOAL_INPUT_ID}
        label={answering ? m.answerLabel : m.goalLabel}
        hint={m.goalHint}
        value={goal}
        onChange={(e) => onGoalChange(e.target.value)}
        rows={3}
        maxLength={2000}
        error={goalError}
        required
      />
      {!answering ? (
        <div>
          <p id="agent-examples" className="mb-1 text-xs font-medium text-slate-700">
            {m.examples}
          </p>
          <ul aria-labelledby="agent-examples" className="flex flex-wrap gap-2">
            {m.exampleGoals.map((g) => (
              <li key={g}>
                <button
                  type="button"
                  onClick={() => {
                    onPickExample(g);
                    focusGoal();
                  }}
                  aria-label={format(m.useExample, { goal: g })}
                  className="rounded-full border border-slate-300 bg-slate-50 px-3 py-1 text-left text-xs text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
                >
                  {g}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ErrorAlert error={error} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={pending}>
          {answering ? m.answer : m.submit}
        </Button>
        {pending ? (
          <span role="status" className="text-sm text-slate-600">
            {m.running}
          </span>
        ) : null}
      </div>
    </form>
  );
}
