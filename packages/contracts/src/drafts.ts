/**
 * Agent runs and the drafts they produce (issue #4). A run plans a goal, calls read-only tools
 * and, for a schedule, produces a draft whose versions are immutable; a person edits (new
 * version), confirms exactly one version + content hash, or rejects the draft.
 */

export * from './drafts/content.js';
export * from './drafts/draft.js';
export * from './drafts/runs.js';
export * from './drafts/executions.js';
