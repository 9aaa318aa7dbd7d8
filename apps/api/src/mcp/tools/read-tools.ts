import { z } from 'zod';
import { ZAsset, ZAssetStatus, ZMachineKind, ZMachineModel, ZMeterReading } from '@amms/contracts/assets';
import { ZAnalyticsOverview } from '@amms/contracts/analytics';
import { ZCitation, ZKnowledgeAnswer, ZKnowledgePassage, ZRetrievalMode } from '@amms/contracts/knowledge';
import { ZDueItem, ZDueStatus } from '@amms/contracts/maintenance';
import type { AssetsService } from '../../assets/assets.service.js';
import type { MachineModelsService } from '../../assets/machine-models.service.js';
import type { MaintenancePlansService } from '../../maintenance/maintenance-plans.service.js';
import { type KnowledgeService, citationRef } from '../../knowledge/index.js';
import type { AnalyticsService } from '../../analytics/analytics.service.js';
import { bounded, clip, defineTool, DEFAULT_ROWS, MAX_ROWS } from '../tool.js';

export interface ReadToolDeps {
  models: MachineModelsService;
  assets: AssetsService;
  plans: MaintenancePlansService;
  knowledge: KnowledgeService;
  analytics: AnalyticsService;
}

const limit = z.number().int().min(1).max(MAX_ROWS).default(DEFAULT_ROWS).describe(`rows to return (1..${MAX_ROWS})`);
const cursor = z.string().min(1).max(500).optional().describe('nextCursor of the previous page');
const date = z.iso.date();

/** A page of a list answer: its rows, the cursor for more and whether more exist. */
const page = <T>(items: T[], nextCursor: string | null) => ({ items, nextCursor, truncated: nextCursor !== null });
const ZPage = <T extends z.ZodType>(row: T) =>
  z.object({ items: z.array(row), nextCursor: z.string().nullable(), truncated: z.boolean() });

/** One list of keys gives a schema's pick mask and a row's projection: an output names each field once. */
function fields<K extends string>(...keys: K[]) {
  return {
    mask: Object.fromEntries(keys.map((k) => [k, true])) as { [P in K]: true },
    of: <T extends Record<K, unknown>>(row: T) => Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>,
  };
}
const MODEL_ROW = fields('id', 'manufacturer', 'name', 'kind', 'operationTypes');
const DUE_ROW = fields(
  'planId',
  'planName',
  'assetId',
  'assetName',
  'status',
  'nextDueAt',
  'nextDueHours',
  'remainingDays',
  'remainingHours',
  'openWorkOrder',
);
const ASSET_ROW = fields('id', 'name', 'serialNumber', 'status', 'modelId', 'teamId');

export function readTools(d: ReadToolDeps) {
  return [
    defineTool({
      name: 'search_machine_models',
      title: 'Search machine models',
      description:
        "Machine models of the catalog (platform models and the org's own) by text, kind or operation type. Returns ids usable as machineModelId.",
      input: z.strictObject({
        q: z.string().trim().min(1).max(100).optional().describe('manufacturer or model name text'),
        kind: ZMachineKind.optional(),
        limit,
        cursor,
      }),
      permissions: ['catalog.read'],
      output: ZPage(ZMachineModel.pick(MODEL_ROW.mask).extend({ platform: z.boolean() })),
      scope: 'catalog',
      writes: 'nothing',
      async run(ctx, input) {
        const res = await d.models.list(ctx, input);
        return page(
          res.items.map((m) => ({ ...MODEL_ROW.of(m), platform: m.organizationId === null })),
          res.nextCursor,
        );
      },
    }),
    defineTool({
      name: 'list_assets',
      title: 'List machines',
      description:
        "The org's machines (assets) within the key's data scope, filtered by text (name, serial), status, kind, model or team.",
      input: z.strictObject({
        q: z.string().trim().min(1).max(100).optional(),
        status: ZAssetStatus.optional(),
        kind: ZMachineKind.optional(),
        modelId: z.uuid().optional(),
        teamId: z.uuid().optional(),
        limit,
        cursor,
      }),
      permissions: ['asset.read'],
      output: ZPage(ZAsset.pick(ASSET_ROW.mask)),
      scope: 'data-scope',
      writes: 'nothing',
      async run(ctx, input) {
        const res = await d.assets.list(ctx, input);
        return page(res.items.map(ASSET_ROW.of), res.nextCursor);
      },
    }),
    defineTool({
      name: 'get_asset',
      title: 'Get a machine',
      description: 'One machine with its model and its latest meter reading (engine hours).',
      input: z.strictObject({ assetId: z.uuid() }),
      permissions: ['asset.read'],
      output: ZAsset.pick({
        id: true,
        name: true,
        serialNumber: true,
        plateNumber: true,
        status: true,
        teamId: true,
        purchaseDate: true,
      }).extend({
        model: ZMachineModel.pick({ id: true, manufacturer: true, name: true, kind: true }),
        latestMeterReading: ZMeterReading.pick({ id: true, readingHours: true, readAt: true }).nullable(),
      }),
      scope: 'data-scope',
      writes: 'nothing',
      async run(ctx, input) {
        const a = await d.assets.get(ctx, input.assetId);
        return {
          id: a.id,
          name: a.name,
          serialNumber: a.serialNumber,
          plateNumber: a.plateNumber,
          status: a.status,
          teamId: a.teamId,
          purchaseDate: a.purchaseDate,
          model: { id: a.model.id, manufacturer: a.model.manufacturer, name: a.model.name, kind: a.model.kind },
          latestMeterReading: a.latestMeterReading
            ? {
                id: a.latestMeterReading.id,
                readingHours: a.latestMeterReading.readingHours,
                readAt: a.latestMeterReading.readAt,
              }
            : null,
        };
      },
    }),
    defineTool({
      name: 'list_due_maintenance',
      title: 'List due maintenance',
      description:
        'Preventive maintenance that is overdue or due soon, per machine and plan, with remaining days / engine hours and any open work order.',
      input: z.strictObject({
        withinDays: z.number().int().min(0).max(365).default(14).describe('calendar horizon for DUE_SOON'),
        status: ZDueStatus.optional(),
        assetId: z.uuid().optional(),
        limit,
      }),
      permissions: ['maintenance.read'],
      output: z.object({
        items: z.array(ZDueItem.pick(DUE_ROW.mask)),
        truncated: z.boolean(),
        note: z.string().optional(),
      }),
      scope: 'data-scope',
      writes: 'nothing',
      async run(ctx, { limit: max, ...q }) {
        const res = await d.plans.due(ctx, q);
        const b = bounded(res.items, max);
        return {
          items: b.items.map(DUE_ROW.of),
          // the due list itself is capped server-side (res.truncated): either cut is said
          truncated: b.truncated || res.truncated,
          ...(b.truncated || res.truncated ? { note: 'more rows exist: narrow with status or assetId' } : {}),
        };
      },
    }),
    defineTool({
      name: 'search_manuals',
      title: 'Search machine manuals',
      description:
        "Passages of the manuals in the knowledge base, with document, page and a verbatim snippet. Narrow to one machine (its model's manuals) with assetId or machineModelId.",
      input: z.strictObject({
        query: z.string().trim().min(1).max(500),
        assetId: z.uuid().optional(),
        machineModelId: z.uuid().optional(),
        limit: z.number().int().min(1).max(20).default(8),
      }),
      permissions: ['knowledge.read'],
      output: z.object({
        mode: ZRetrievalMode,
        items: z.array(
          ZKnowledgePassage.pick({
            chunkId: true,
            documentId: true,
            versionId: true,
            title: true,
            page: true,
            pageLabel: true,
            section: true,
            snippet: true,
          }),
        ),
        truncated: z.boolean(),
      }),
      scope: 'catalog',
      writes: 'nothing',
      async run(ctx, input) {
        const res = await d.knowledge.search(ctx, input);
        return {
          mode: res.mode,
          items: res.items.map((p) => ({
            chunkId: p.chunkId,
            documentId: p.documentId,
            versionId: p.versionId,
            title: p.title,
            page: p.page,
            pageLabel: p.pageLabel,
            section: p.section,
            snippet: p.snippet,
          })),
          truncated: res.items.length >= input.limit,
        };
      },
    }),
    defineTool({
      name: 'ask_manual',
      title: 'Ask the manuals',
      description:
        'A cited answer from the manuals: every sentence rests on a citation ([1] = citations[0]); found=false when the manuals do not say.',
      input: z.strictObject({
        question: z.string().trim().min(1).max(1000),
        assetId: z.uuid().optional(),
        machineModelId: z.uuid().optional(),
      }),
      permissions: ['knowledge.read'],
      output: z.object({
        found: z.boolean(),
        answer: z.string().nullable(),
        citations: z.array(ZCitation.omit({ score: true })),
        answerer: ZKnowledgeAnswer.shape.answerer,
      }),
      scope: 'catalog',
      writes: 'nothing',
      async run(ctx, input) {
        const a = await d.knowledge.answer(ctx, input);
        return {
          found: a.found,
          answer: clip(a.answer, 4000),
          citations: a.citations.map((c) => citationRef(c, c.snippet)),
          answerer: a.answerer,
        };
      },
    }),
    defineTool({
      name: 'analytics_summary',
      title: 'Fleet analytics summary',
      description:
        "Fleet figures of a period (dates inclusive, the org's time zone; default the last 30 days): utilization, hectares, downtime, failures, MTBF / MTTR in operating hours, availability, PM compliance, costs (CNY fen as digit strings). Same numbers as GET /analytics/overview, within the key's data scope.",
      input: z.strictObject({ from: date.optional(), to: date.optional() }),
      permissions: ['analytics.read'],
      output: ZAnalyticsOverview,
      scope: 'data-scope',
      writes: 'nothing',
      async run(ctx, input) {
        return { ...(await d.analytics.overview(ctx, input)) };
      },
    }),
  ];
}
