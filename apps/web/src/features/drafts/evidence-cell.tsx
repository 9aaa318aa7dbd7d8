'use client';

import type { TDraftVersion } from '@amms/contracts/drafts';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { labelMessages } from '@/lib/draft-labels';
import { draftMessages } from './messages';

type Evidence = TDraftVersion['evidence'][number];

/**
 * Where an item's facts came from: the run's steps (tool calls), or, for an item a person changed
 * by hand, which version, who and why. An edit never rewrites the evidence of the items it left alone.
 */
export function EvidenceCell({
  evidence,
  stepTool,
}: {
  evidence: Evidence | undefined;
  stepTool: (step: number) => string | undefined;
}) {
  const m = useMessages(draftMessages);
  if (evidence?.edit) {
    const { edit } = evidence;
    return (
      <div className="space-y-0.5">
        <p className="font-medium text-slate-800">
          {format(m.evidenceEdited, { version: edit.version, name: edit.byName ?? m.someone })}
        </p>
        {edit.note ? <p>{format(m.evidenceEditNote, { note: edit.note })}</p> : null}
      </div>
    );
  }
  return <EvidenceSteps steps={evidence?.steps ?? {}} stepTool={stepTool} />;
}

/** Steps of the same run are the same for every item of a run's draft: equal lists are shown once. */
export function sharedSteps(evidence: readonly Evidence[], keys: readonly string[]): Evidence['steps'] | null {
  const of = new Map(evidence.map((e) => [e.itemKey, e]));
  const run = keys.map((k) => of.get(k)).filter((e) => e && !e.edit && Object.keys(e.steps).length > 0);
  if (run.length < 2) return null;
  const sig = (e: Evidence | undefined) => JSON.stringify(Object.entries(e?.steps ?? {}).sort());
  return run.every((e) => sig(e) === sig(run[0])) ? run[0]!.steps : null;
}

/** The run's steps an item's facts came from, as lines. */
export function EvidenceSteps({
  steps: byWhat,
  stepTool,
}: {
  steps: Evidence['steps'];
  stepTool: (step: number) => string | undefined;
}) {
  const m = useMessages(draftMessages);
  const l = useMessages(labelMessages);
  const steps = Object.entries(byWhat);
  if (steps.length === 0) return <>—</>;
  return (
    <ul className="space-y-0.5">
      {steps
        .sort((a, b) => a[1] - b[1])
        .map(([what, step]) => {
          const tool = stepTool(step);
          return (
            <li key={what}>
              {format(m.evidenceText, {
                what: (l.evidenceKey as Record<string, string>)[what] ?? what,
                step,
                tool: tool ? ((l.tool as Record<string, string>)[tool] ?? tool) : '—',
              })}
            </li>
          );
        })}
    </ul>
  );
}
