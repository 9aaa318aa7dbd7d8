import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZPermission } from '@amms/contracts/permissions';
import { SkillTools } from '../agent/skills/skill-tools.js';
import { AgentTools } from '../planning/tools/agent-tools.js';
import type { Tool } from '../platform/tools/tool.js';
import { agentTools, type AgentToolDeps } from './tools/agent-tools.js';
import { readTools, type ReadToolDeps } from './tools/read-tools.js';
import { inventoryTools, type InventoryToolDeps } from './tools/inventory-tools.js';

// The catalog: every tool of both views, built without services (listing a tool never calls one).
const none = null as never;
const planner = [
  ...new AgentTools(none, none, none, none, none, none, none, none, none, none, none, none).all.values(),
];
const skills = [...new SkillTools(none, none, none, none, none, none, none).all.values()];
const mcp = [
  ...readTools({} as ReadToolDeps),
  ...inventoryTools({} as InventoryToolDeps),
  ...agentTools({} as AgentToolDeps),
];
const agentView = [...planner, ...skills];
const catalog: { view: string; tool: Tool<unknown, unknown, never> }[] = [
  ...agentView.map((tool) => ({ view: 'agent', tool })),
  ...mcp.map((tool) => ({ view: 'mcp', tool: tool as unknown as Tool<unknown, unknown, never> })),
];

describe('tool catalog', () => {
  it('lists the tools of both views', () => {
    expect(catalog.map((c) => `${c.view}:${c.tool.name}`)).toMatchSnapshot();
  });

  it.each(catalog.map((c) => [`${c.view}:${c.tool.name}`, c.tool] as const))(
    '%s: permissions, zod input and output, a scope rule, what it writes',
    (_, tool) => {
      expect(tool.permissions.length).toBeGreaterThan(0);
      for (const p of tool.permissions) expect(ZPermission.safeParse(p).success).toBe(true);
      expect(tool.input).toBeInstanceOf(z.ZodType);
      expect(tool.output).toBeInstanceOf(z.ZodType);
      expect(['data-scope', 'catalog', 'own']).toContain(tool.scope);
      expect(['nothing', 'drafts']).toContain(tool.writes);
      expect(tool.description.length).toBeGreaterThan(10);
    },
  );

  it('the agent has no writing tool; an MCP tool that writes starts an agent run (drafts only)', () => {
    expect(agentView.filter((t) => t.writes !== 'nothing')).toEqual([]);
    for (const t of mcp.filter((t) => t.writes !== 'nothing')) {
      expect(t.writes).toBe('drafts');
      expect(t.permissions).toContain('agent.run');
    }
  });

  it('names are unique within each view', () => {
    for (const view of [agentView, mcp]) {
      const names = view.map((t) => t.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
