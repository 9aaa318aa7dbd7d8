import { describe, expect, it } from 'vitest';
import { classifyIntent } from './intent.js';
import { purchaseHorizon } from './purchase.js';

// Kinds of expression, each with several sayings (zh + en), never one sentence per rule.
describe('PURCHASE intent: asking what parts to order', () => {
  it.each([
    '下周保养需要订哪些配件？',
    '这周要采购什么零件',
    '帮我看看需要补货的备件',
    '下个月保养要买哪些滤芯',
    '哪些配件快用完了',
    '缺哪些配件',
    "which parts do we need to order for next week's services?",
    'what spare parts should I buy this month',
    'reorder the filters we are short of',
    'are we running low on parts for the 500 h services',
    'restock consumables for next week',
  ])('%s → PURCHASE', (goal) => {
    expect(classifyIntent(goal).intent).toBe('PURCHASE');
  });

  it.each([
    ['open a work order to replace the oil filter on tractor 3', 'PURCHASE'],
    ['how often should I replace the oil filter?', 'PURCHASE'],
    ['机油滤芯多久换一次？', 'PURCHASE'],
    ['上个月配件采购花了多少钱？', 'PURCHASE'],
    ['安排下周作业', 'PURCHASE'],
    ['the combine loses hydraulic pressure', 'PURCHASE'],
  ])('%s → not %s', (goal, not) => {
    expect(classifyIntent(goal).intent).not.toBe(not);
  });

  it.each([
    ['下周保养需要订哪些配件？', 14],
    ["which parts do we need to order for next week's services?", 14],
    ['这周要采购什么零件', 7],
    ['下个月保养要买哪些滤芯', 62],
    ['未来 10 天需要订哪些配件', 10],
    ['parts to order for the next 3 weeks', 21],
    ['what parts should we buy', 14],
  ])('%s → %i days', (goal, days) => {
    expect(purchaseHorizon(goal)).toBe(days);
  });
});
