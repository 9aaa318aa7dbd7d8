import { describe, expect, it } from 'vitest';
import type { TAuditEvent } from '@amms/contracts/audit';
import { labelMessages } from '@/lib/draft-labels';
import { getDictionary } from '@/i18n/dictionaries';
import { describeActor, describeEventWith } from './describe';
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
  actor: { name: '王磊', role: 'DISPATCHER', apiKeyName: null },
  requestId: null,
  data,
  hash: 'h',
  prevHash: null,
  createdAt: '2026-12-03T08:00:00.000Z',
});

describe('the audit trail of a draft edit', () => {
  const edit = {
    version: 2,
    basedOnVersion: 1,
    diff: { added: [], removed: [], changed: ['k'] },
    violations: 0,
    note: '机手要晚到一小时',
  };

  it('shows the change note in Chinese', () => {
    const d = describeEventWith(auditMessages['zh-CN'], labelMessages['zh-CN'], 'org')(event(edit));
    expect(d.text).toContain('修改说明：机手要晚到一小时');
  });

  it('and in English', () => {
    const d = describeEventWith(
      auditMessages.en,
      labelMessages.en,
      'org',
    )(event({ ...edit, note: 'operator arrives an hour late' }));
    expect(d.text).toContain('Change note: operator arrives an hour late');
  });

  it('says nothing of a note when there is none', () => {
    const d = describeEventWith(auditMessages.en, labelMessages.en, 'org')(event({ ...edit, note: null }));
    expect(d.text).not.toContain('note');
  });
});

describe('who acted, in words (names on every action)', () => {
  const me = '00000000-0000-4000-8000-000000000003';
  const other = '00000000-0000-4000-8000-000000000009';
  const base = event({});

  it('names the person and their role, and says when it is the reader', () => {
    expect(
      describeActor({ ...base, actorUserId: other }, auditMessages['zh-CN'], getDictionary('zh-CN').roles, me),
    ).toBe('王磊（调度员）');
    expect(describeActor(base, auditMessages.en, getDictionary('en').roles, me)).toBe('王磊 (Dispatcher) · you');
  });

  it('names a key and the person it acts for', () => {
    const byKey = {
      ...base,
      actorType: 'API_KEY' as const,
      actorUserId: null,
      actorApiKeyId: other,
      actor: { name: '王磊', role: 'OWNER' as const, apiKeyName: 'ERP sync' },
    };
    expect(describeActor(byKey, auditMessages['zh-CN'], getDictionary('zh-CN').roles, me)).toBe(
      'API 密钥「ERP sync」（代表 王磊）',
    );
    expect(
      describeActor(
        { ...byKey, actor: { name: null, role: null, apiKeyName: 'ERP sync' } },
        auditMessages.en,
        getDictionary('en').roles,
        me,
      ),
    ).toBe('API key “ERP sync”');
  });

  it('keeps the name of someone who left, and falls back to the kind for the system', () => {
    expect(
      describeActor(
        { ...base, actorUserId: other, actor: { name: '李娜', role: null, apiKeyName: null } },
        auditMessages.en,
        getDictionary('en').roles,
        me,
      ),
    ).toBe('李娜 (no longer a member)');
    expect(
      describeActor(
        { ...base, actorType: 'SYSTEM', actorUserId: null, actor: { name: null, role: null, apiKeyName: null } },
        auditMessages['zh-CN'],
        getDictionary('zh-CN').roles,
        me,
      ),
    ).toBe('系统');
  });

  it('describes every business action in words in both languages, never the raw key', () => {
    for (const action of [
      'job.assigned',
      'workorder.accepted',
      'cost.approved',
      'asset.meter_voided',
      'member.added',
    ]) {
      for (const [m, l] of [
        [auditMessages['zh-CN'], labelMessages['zh-CN']],
        [auditMessages.en, labelMessages.en],
      ] as const) {
        const d = describeEventWith(m, l, 'org')({ ...base, action });
        expect(d.text).not.toBe(action);
        expect(d.text.length).toBeGreaterThan(3);
      }
    }
  });
});

describe('an MCP tool call (mcp.tool_called)', () => {
  const call = {
    ...event({ tool: 'analytics_summary', outcome: 'refused', code: 'FORBIDDEN', args: {}, durationMs: 12.4 }),
    action: 'mcp.tool_called',
    entityType: 'api_key',
    actorType: 'API_KEY' as const,
  };

  it('names the tool, the outcome and the refusal code in Chinese', () => {
    expect(describeEventWith(auditMessages['zh-CN'], labelMessages['zh-CN'], 'org')(call).text).toBe(
      'MCP 调用 analytics_summary：被拒绝 (FORBIDDEN)（12 毫秒）',
    );
  });

  it('and in English; a successful call shows no code', () => {
    expect(describeEventWith(auditMessages.en, labelMessages.en, 'org')(call).text).toBe(
      'MCP call analytics_summary: refused (FORBIDDEN) (12 ms)',
    );
    const ok = { ...call, data: { tool: 'list_assets', outcome: 'ok', durationMs: 3 } };
    expect(describeEventWith(auditMessages.en, labelMessages.en, 'org')(ok).text).toBe(
      'MCP call list_assets: ok (3 ms)',
    );
  });
});
