import { describe, expect, it } from 'vitest';
import { makeDate } from '../planner/calendar.js';
import { isScheduleQuestion, machinesNamed, questionDays } from './schedule-question.js';

describe('isScheduleQuestion: asking what is booked, never an order to plan', () => {
  it.each([
    '钱勇那台下周都排了什么',
    '吴斌明天干什么活',
    '吴斌明天有活吗',
    'S780这周安排了哪些作业？',
    '明天谁开那台克拉斯',
    '下周三的排班是什么',
    '老张后天忙不忙',
    '吴斌上周干了什么',
    'What is the S780 doing next week?',
    "What's Qian Yong scheduled for tomorrow?",
    'Who is driving the Lexion on Monday?',
    'Is the S780 booked on Thursday?',
    'what jobs does Wu Bin have next week',
    "show me next week's schedule for the Lexion",
  ])('asks: %s', (goal) => expect(isScheduleQuestion(goal)).toBe(true));

  it.each([
    '安排下周的收获作业',
    '帮我安排一下明天的植保作业，看看谁有空',
    '安排下周的收获，赵刚周三请假',
    'Plan next week’s harvesting',
    'Schedule the spraying for tomorrow; who is free?',
    '这台无人机能干什么',
    '上个月哪台收割机作业面积最多',
    'E12 是什么意思',
    '把周三的改到周四',
  ])('does not: %s', (goal) => expect(isScheduleQuestion(goal)).toBe(false));
});

describe('questionDays', () => {
  const monday = makeDate(2026, 12, 7)!;
  it('a period said ahead, one said back, else the coming week', () => {
    expect(questionDays('吴斌下周有活吗', monday)).toMatchObject({ from: '2026-12-14', to: '2026-12-20', said: true });
    expect(questionDays('吴斌上周干了什么', monday)).toMatchObject({
      from: '2026-11-30',
      to: '2026-12-06',
      said: true,
    });
    expect(questionDays('吴斌在干什么', monday)).toEqual({ from: '2026-12-07', to: '2026-12-13', said: false });
  });
});

describe('machinesNamed: a machine said by model, kind or a maker/model word', () => {
  const m = (id: string, name: string, manufacturer: string, modelName: string, ops = ['HARVESTING']) => ({
    id,
    name,
    status: 'ACTIVE',
    teamId: null,
    modelId: `m-${id}`,
    modelName,
    manufacturer,
    kind: 'SELF_PROPELLED',
    operationTypes: ops,
  });
  const fleet = [
    m('1', 'Claas Lexion 8700 #01', 'Claas', 'Lexion 8700'),
    m('2', 'John Deere S780 #01', 'John Deere', 'S780'),
    m('3', 'Case IH Puma 165 #01', 'Case IH', 'Puma 165', ['TILLAGE']),
  ];
  const ids = (goal: string) => machinesNamed(goal, fleet).map((x) => x.id);
  it('by a model word, a model number, a maker in Chinese', () => {
    expect(ids('Who is driving the Lexion tomorrow?')).toEqual(['1']);
    expect(ids('S780下周有活吗')).toEqual(['2']);
    expect(ids('那台约翰迪尔明天干什么')).toEqual(['2']);
  });
  it('none when only everyday words are said', () => {
    expect(ids('In case Li Ming is busy, what is he doing tomorrow?')).toEqual([]);
  });
});
