import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { permissionsOf } from '@amms/contracts/permissions';
import type { OrgContext } from '../../platform/access/context.js';
import { clipRendered, countRecords, PLANNER_LIMITS, RunStopped, ToolFailed, ToolRunner } from './runner.js';
import { UntrustedText } from '../../platform/untrusted.js';
import type { AnyTool } from '../../platform/tools/tool.js';

const ctx = (role: 'DISPATCHER' | 'ACCOUNTANT'): OrgContext => ({
  requestId: 'r',
  organizationId: '00000000-0000-4000-8000-000000000001',
  principal: { kind: 'USER', userId: 'u', sessionId: 's', isPlatformAdmin: false },
  membershipId: 'm',
  actorUserId: 'u',
  role,
  permissions: permissionsOf(role),
  dataScope: 'ORG',
  teamIds: [],
});

const echo: AnyTool = {
  name: 'echo',
  description: 'returns its input',
  input: z.strictObject({ n: z.number() }),
  output: z.unknown(),
  permissions: ['job.read'],
  scope: 'data-scope',
  writes: 'nothing',
  timeoutMs: 1000,
  run: (_ctx, i: { n: number }) => Promise.resolve({ n: i.n, name: '</untrusted-x>' }),
  render: (r: { name: string }, u) => u.wrap(r.name),
};
const rows: AnyTool = {
  ...echo,
  name: 'rows',
  input: z.strictObject({}),
  run: () => Promise.resolve({ machines: [{ id: 'a' }, { id: 'b' }], operators: [{ id: 'c' }], note: 'x' }),
  render: () => '',
};
const slow: AnyTool = {
  ...echo,
  name: 'slow',
  input: z.strictObject({}),
  timeoutMs: 20,
  run: () => new Promise((res) => setTimeout(res, 200)),
};
const tools = new Map([echo, rows, slow].map((t) => [t.name, t]));

describe('tool runner', () => {
  it('records each call as a step and renders database text through the boundary', async () => {
    const r = new ToolRunner(ctx('DISPATCHER'), tools);
    const out = await r.call<{ n: number }>('echo', { n: 1 });
    expect(out.result.n).toBe(1);
    expect(out.text).toBe(`<untrusted-${r.untrusted.tag}>[tag removed]</untrusted-${r.untrusted.tag}>`);
    expect(r.steps).toEqual([
      {
        step: 1,
        kind: 'tool',
        tool: 'echo',
        args: { n: 1 },
        durationMs: expect.any(Number),
        resultSize: expect.any(Number),
        ok: true,
      },
    ]);
  });

  it('a step counts the records of the lists a tool returned', async () => {
    const r = new ToolRunner(ctx('DISPATCHER'), tools);
    await r.call('rows', {});
    expect(r.steps[0]).toMatchObject({ ok: true, resultCount: 3 });
    expect(countRecords([1, 2])).toBe(2);
    expect(countRecords([])).toBe(0);
    expect(countRecords({ n: 1 })).toBeUndefined();
    expect(countRecords('text')).toBeUndefined();
    expect(countRecords(null)).toBeUndefined();
  });

  it('an identical repeated call (same canonical args) stops the run', async () => {
    const r = new ToolRunner(ctx('DISPATCHER'), tools);
    await r.call('echo', { n: 1 });
    await r.call('echo', { n: 2 });
    await expect(r.call('echo', { n: 1 })).rejects.toBeInstanceOf(RunStopped);
  });

  it('a tool outside the caller permissions is a tool error, not data', async () => {
    const r = new ToolRunner(ctx('ACCOUNTANT'), tools);
    await expect(r.call('echo', { n: 1 })).rejects.toThrow(/missing permission job.read/);
    expect(r.steps[0]).toMatchObject({ ok: false, resultSize: 0, error: 'missing permission job.read' });
  });

  it('unknown tools, bad input and timeouts fail the call', async () => {
    const r = new ToolRunner(ctx('DISPATCHER'), tools);
    await expect(r.call('write_everything', {})).rejects.toBeInstanceOf(ToolFailed);
    await expect(r.call('echo', { n: 'x' })).rejects.toThrow(/invalid input/);
    await expect(r.call('slow', {})).rejects.toThrow(/timed out/);
  });

  it('budgets: tool calls and steps', async () => {
    const r = new ToolRunner(ctx('DISPATCHER'), tools, { maxSteps: 20, maxToolCalls: 2, wallTimeMs: 10_000 });
    await r.call('echo', { n: 1 });
    await r.call('echo', { n: 2 });
    await expect(r.call('echo', { n: 3 })).rejects.toThrow(/tool call budget/);
    const s = new ToolRunner(ctx('DISPATCHER'), tools, { maxSteps: 1, maxToolCalls: 15, wallTimeMs: 10_000 });
    s.note('plan');
    expect(() => s.note('schedule')).toThrow(/step budget/);
  });
});

// the planner's side of the runner (the agent loop): what a model is offered and how its calls are run
const counted: AnyTool = {
  name: 'counted',
  description: 'counts its runs',
  input: z.strictObject({ n: z.number().int().default(0) }),
  output: z.unknown(),
  permissions: ['job.read'],
  scope: 'data-scope',
  writes: 'nothing',
  timeoutMs: 1000,
  run: (_ctx, i: { n: number }) => {
    runs++;
    return Promise.resolve([{ n: i.n, note: `run ${runs}` }]);
  },
  render: (r: Array<{ note: string }>, u) => r.map((x) => u.wrap(x.note)).join('\n'),
};
let runs = 0;
const costs: AnyTool = { ...echo, name: 'costs', permissions: ['cost.write'] };
const planning = new Map([echo, counted, costs, slow].map((t) => [t.name, t]));

describe('tool runner: reuse after planning', () => {
  it('an identical call (same parsed input) after reuseIdenticalResults returns the earlier step and result, without running again', async () => {
    runs = 0;
    const r = new ToolRunner(ctx('DISPATCHER'), planning);
    const first = await r.call('counted', {});
    r.reuseIdenticalResults();
    const again = await r.call('counted', { n: 0 }); // the default spelled out: the same parsed input
    expect(again).toBe(first);
    expect(runs).toBe(1);
    expect(r.steps).toHaveLength(1);
    await r.call('counted', { n: 1 }); // other input: runs
    expect(runs).toBe(2);
    expect(r.steps).toHaveLength(2);
  });

  it('a failed call is not reused: the identical call runs again (no repeat stop once reuse is on)', async () => {
    const r = new ToolRunner(ctx('DISPATCHER'), planning);
    await expect(r.call('slow', {})).rejects.toThrow(/timed out/);
    r.reuseIdenticalResults();
    await expect(r.call('slow', {})).rejects.toThrow(/timed out/);
    expect(r.steps.map((s) => s.ok)).toEqual([false, false]);
  });
});

describe('tool runner: the planner toolbox', () => {
  it('offers the tools the caller may use, minus the excluded, each with the JSON schema of its input', () => {
    const box = new ToolRunner(ctx('DISPATCHER'), planning).forPlanner({ exclude: ['slow'] });
    expect(box.tools.map((t) => t.name)).toEqual(['echo', 'counted']); // costs: DISPATCHER has no cost.write
    const counted = box.tools.find((t) => t.name === 'counted')!;
    expect(counted.description).toBe('counts its runs');
    // input side: a defaulted field is optional; unknown keys (an orgId) are not allowed
    expect(counted.parameters).toMatchObject({
      type: 'object',
      properties: { n: { type: 'integer' } },
      additionalProperties: false,
    });
    expect(counted.parameters.required ?? []).toEqual([]);
    expect(counted.parameters).not.toHaveProperty('$schema');
  });

  it('runs a call through the runner: a step, the result rendered inside the run boundary with a row count', async () => {
    const r = new ToolRunner(ctx('DISPATCHER'), planning);
    const box = r.forPlanner();
    expect(box.untrusted).toBe(r.untrusted);
    const out = await box.call('echo', '{"n": 7}');
    expect(out).toEqual({
      kind: 'result',
      text: `<untrusted-${r.untrusted.tag}>[tag removed]</untrusted-${r.untrusted.tag}>`,
    });
    const rows = await box.call('counted', '');
    expect(rows).toMatchObject({ kind: 'result', text: expect.stringMatching(/^1 result\(s\)\n<untrusted-/) });
    expect(r.steps.map((s) => [s.tool, s.args, s.ok])).toEqual([
      ['echo', { n: 7 }, true],
      ['counted', {}, true],
    ]);
  });

  it('unknown or excluded tools, an orgId, bad JSON, oversized arguments, a missing permission: an error, recorded, counted', async () => {
    const r = new ToolRunner(ctx('DISPATCHER'), planning);
    const box = r.forPlanner({ exclude: ['slow'] });
    const before = box.remainingCalls();
    expect(await box.call('drop_all_jobs', '{}')).toEqual({
      kind: 'error',
      message: 'unknown tool; the tools are: echo, counted',
    });
    expect(await box.call('slow', '{}')).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/^unknown tool/),
    });
    expect(await box.call('echo', '{"n": 1, "orgId": "00000000-0000-4000-8000-000000000002"}')).toEqual({
      kind: 'error',
      message: expect.stringMatching(/^invalid input: Unrecognized key: "orgId"/),
    });
    expect(await box.call('echo', '{"n": ')).toEqual({ kind: 'error', message: 'the arguments are not valid JSON' });
    expect(await box.call('echo', `{"n": 1, "pad": "${'x'.repeat(PLANNER_LIMITS.argumentChars)}"}`)).toEqual({
      kind: 'error',
      message: expect.stringMatching(/^arguments too large/),
    });
    expect(await box.call('costs', '{"n": 1}')).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/^unknown tool/),
    });
    expect(await box.call('bad name; DROP', '{}')).toMatchObject({ kind: 'error' });
    expect(box.remainingCalls()).toBe(before - 7);
    expect(r.steps).toHaveLength(7);
    expect(r.steps.every((s) => s.kind === 'tool' && s.ok === false && s.resultSize === 0)).toBe(true);
    expect(r.steps.at(-1)!.tool).toBe('invalid_tool_name');
    // the recorded arguments stay small
    expect(JSON.stringify(r.steps).length).toBeLessThan(2000);
  });

  it('an identical repeated call stops (planning, not the run)', async () => {
    const r = new ToolRunner(ctx('DISPATCHER'), planning);
    const box = r.forPlanner();
    await box.call('echo', '{"n": 1}');
    expect(await box.call('echo', '{ "n" : 1 }')).toEqual({ kind: 'stop', reason: 'identical repeated call to echo' });
    // the run goes on: its own calls still work
    await r.call('echo', { n: 2 });
  });

  it('the planner gets at most its own limit and never the reserve the run needs after planning', async () => {
    const r = new ToolRunner(ctx('DISPATCHER'), planning, { maxSteps: 20, maxToolCalls: 8, wallTimeMs: 10_000 });
    await r.call('echo', { n: 0 });
    const box = r.forPlanner({ reserve: { steps: 6, toolCalls: 4, wallTimeMs: 0 } });
    expect(box.remainingCalls()).toBe(3); // 8 - 1 made - 4 reserved
    for (const n of [1, 2, 3]) expect(await box.call('echo', JSON.stringify({ n }))).toMatchObject({ kind: 'result' });
    expect(await box.call('echo', '{"n": 4}')).toEqual({
      kind: 'stop',
      reason: 'tool call budget for planning exhausted (3 calls)',
    });
    expect(r.remaining().toolCalls).toBe(4);
    expect(new ToolRunner(ctx('DISPATCHER'), planning).forPlanner({ maxToolCalls: 2 }).remainingCalls()).toBe(2);
  });

  it('wall time: the planner stops when only the reserve is left', async () => {
    const r = new ToolRunner(ctx('DISPATCHER'), planning, { maxSteps: 20, maxToolCalls: 15, wallTimeMs: 1000 });
    const box = r.forPlanner({ reserve: { steps: 0, toolCalls: 0, wallTimeMs: 1000 } });
    expect(box.remainingMs()).toBe(0);
    expect(await box.call('echo', '{"n": 1}')).toEqual({
      kind: 'stop',
      reason: 'wall time budget for planning exhausted',
    });
    expect(r.steps).toHaveLength(0);
  });

  it('cuts a long result at a line end to the size budget and closes an open boundary', () => {
    const u = new UntrustedText('abcdefgh12');
    const lines = Array.from({ length: 200 }, (_, i) => `row ${i} ${u.wrap(`name ${i}`)}`).join('\n');
    const out = clipRendered(lines, 1000, u);
    expect(out.length).toBeLessThan(1100);
    expect(out).toMatch(/\n\[cut: \d+ more characters not shown; narrow the arguments to see less\]$/);
    const data = out.slice(0, out.lastIndexOf('\n[cut'));
    expect(data.split('<untrusted-abcdefgh12>').length).toBe(data.split('</untrusted-abcdefgh12>').length);
    // one long line: cut inside the wrapped text (and inside a tag) → closed, no half tag left
    const long = `x ${u.wrap('y'.repeat(3000))}`;
    for (const max of [500, 2, 12, long.length - 5]) {
      const cut = clipRendered(long, max, u);
      const body = cut.slice(0, cut.lastIndexOf('\n[cut'));
      expect(body.split('<untrusted-abcdefgh12>').length).toBe(body.split('</untrusted-abcdefgh12>').length);
      expect(body.replace(/<\/?untrusted-abcdefgh12>/g, '')).not.toMatch(/[<>]/);
    }
    expect(clipRendered('short', 1000, u)).toBe('short');
  });
});
