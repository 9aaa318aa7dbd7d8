import { describe, expect, it } from 'vitest';
import type { TAuditEvent } from '@amms/contracts/audit';
import { labelMessages } from '../drafts/messages';
import { describeEventWith } from './describe';
import { auditMessages } from './messages';

const event = (data: unknown): TAuditEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  seq: 7,
  action: 'draft.version_created',
  entityType: 'draft',
  entityId: '00000000-0000-4000-8000-000000000002',
  actorType: 'USER',
  actorUserId: '00000000-0000-4000-8000-000000000003',
  actorApiKeyId: null,
  requestId: null,
  data,
  hash: 'h',
  prevHash: null,
  createdAt: '2026-12-03T08:00:00.000Z',
});

describe('the audit trail of a draft edit (issue #12, bug 4)', () => {
  const edit = { version: 2, basedOnVersion: 1, diff: { added: [], removed: [], changed: ['k'] }, violations: 0, note: '机手要晚到一小时' };

  it('shows the change note in Chinese', () => {
    const d = describeEventWith(auditMessages['zh-CN'], labelMessages['zh-CN'], 'org')(event(edit));
    expect(d.text).toContain('修改说明：机手要晚到一小时');
  });

  it('and in English', () => {
    const d = describeEventWith(auditMessages.en, labelMessages.en, 'org')(event({ ...edit, note: 'operator arrives an hour late' }));
    expect(d.text).toContain('Change note: operator arrives an hour late');
  });

  it('says nothing of a note when there is none', () => {
    const d = describeEventWith(auditMessages.en, labelMessages.en, 'org')(event({ ...edit, note: null }));
    expect(d.text).not.toContain('note');
  });
});

describe('an MCP tool call (mcp.tool_called)', () => {
  const call = { ...event({ tool: 'analytics_summary', outcome: 'refused', code: 'FORBIDDEN', args: {}, durationMs: 12.4 }), action: 'mcp.tool_called', entityType: 'api_key', actorType: 'API_KEY' as const };

  it('names the tool, the outcome and the refusal code in Chinese', () => {
    expect(describeEventWith(auditMessages['zh-CN'], labelMessages['zh-CN'], 'org')(call).text).toBe('MCP 调用 analytics_summary：被拒绝 (FORBIDDEN)（12 毫秒）');
  });

  it('and in English; a successful call shows no code', () => {
    expect(describeEventWith(auditMessages.en, labelMessages.en, 'org')(call).text).toBe('MCP call analytics_summary: refused (FORBIDDEN) (12 ms)');
    const ok = { ...call, data: { tool: 'list_assets', outcome: 'ok', durationMs: 3 } };
    expect(describeEventWith(auditMessages.en, labelMessages.en, 'org')(ok).text).toBe('MCP call list_assets: ok (3 ms)');
  });
});
