import { describe, expect, it } from 'vitest';
import { A, checkRules, F, O, p, Q, T, type Expected } from './test-fixtures.js';

type Row = [goal: string, expected: Expected];

const NEXT_WEEK = p('2026-12-07', '2026-12-13');
const THIS_WEEK = p('2026-12-02', '2026-12-06');
const WEEKEND = p('2026-12-05', '2026-12-06');
const TWO_WEEKS = p('2026-12-02', '2026-12-15');
const JANUARY = p('2027-01-01', '2027-01-31');

// now = Wednesday 2026-12-02, Asia/Shanghai
const ZH: Row[] = [
  [
    '安排下周的收获作业，避开维修中的机器',
    { period: NEXT_WEEK, operationTypes: ['HARVESTING'], avoid: { inMaintenance: true } },
  ],
  ['明天安排植保', { period: p('2026-12-03'), operationTypes: ['CROP_PROTECTION'] }],
  ['今天打药', { period: p('2026-12-02'), operationTypes: ['CROP_PROTECTION'] }],
  ['后天播种', { period: p('2026-12-04'), operationTypes: ['SOWING_PLANTING'] }],
  ['大后天割草', { period: p('2026-12-05'), operationTypes: ['MOWING'] }],
  ['本周安排耕地作业', { period: THIS_WEEK, operationTypes: ['TILLAGE'] }],
  ['这周翻地', { period: THIS_WEEK, operationTypes: ['TILLAGE'] }],
  ['下星期施肥', { period: NEXT_WEEK, operationTypes: ['FERTILIZING'] }],
  ['下个礼拜打捆', { period: NEXT_WEEK, operationTypes: ['BALING'] }],
  ['本周末安排青贮', { period: WEEKEND, operationTypes: ['FORAGE_HARVESTING'] }],
  ['周末拉运玉米', { period: WEEKEND, operationTypes: ['TRANSPORT'] }],
  ['这个周末割草', { period: WEEKEND, operationTypes: ['MOWING'] }],
  ['下周末安排运输', { period: p('2026-12-12', '2026-12-13'), operationTypes: ['TRANSPORT'] }],
  ['下下周犁地', { period: p('2026-12-14', '2026-12-20'), operationTypes: ['TILLAGE'] }],
  ['未来3天安排收割', { period: p('2026-12-02', '2026-12-04'), operationTypes: ['HARVESTING'] }],
  ['接下来五天的播种作业', { period: p('2026-12-02', '2026-12-06'), operationTypes: ['SOWING_PLANTING'] }],
  ['未来十天植保', { period: p('2026-12-02', '2026-12-11'), operationTypes: ['CROP_PROTECTION'] }],
  ['接下来两周的喷药任务', { period: TWO_WEEKS, operationTypes: ['CROP_PROTECTION'] }],
  ['3天内完成喷洒', { period: p('2026-12-02', '2026-12-04'), operationTypes: ['CROP_PROTECTION'] }],
  ['下个月的秋收安排', { period: JANUARY, operationTypes: ['HARVESTING'] }],
  ['本月安排施肥', { period: p('2026-12-02', '2026-12-31'), operationTypes: ['FERTILIZING'] }],
  ['周五安排割麦', { period: p('2026-12-04'), operationTypes: ['HARVESTING'] }],
  ['星期一旋耕', { period: p('2026-12-07'), operationTypes: ['TILLAGE'] }],
  ['下周三插秧', { period: p('2026-12-09'), operationTypes: ['SOWING_PLANTING'] }],
  ['周三植保', { period: p('2026-12-02'), operationTypes: ['CROP_PROTECTION'] }],
  ['礼拜天打捆', { period: p('2026-12-06'), operationTypes: ['BALING'] }],
  ['12月8日安排收获', { period: p('2026-12-08'), operationTypes: ['HARVESTING'] }],
  ['12月8日到12月12日安排播种', { period: p('2026-12-08', '2026-12-12'), operationTypes: ['SOWING_PLANTING'] }],
  ['12月8日至12日施肥', { period: p('2026-12-08', '2026-12-12'), operationTypes: ['FERTILIZING'] }],
  ['2026-12-08到2026-12-10翻地', { period: p('2026-12-08', '2026-12-10'), operationTypes: ['TILLAGE'] }],
  ['12/8 安排运输', { period: p('2026-12-08'), operationTypes: ['TRANSPORT'] }],
  ['十二月八日到十二月十日割草', { period: p('2026-12-08', '2026-12-10'), operationTypes: ['MOWING'] }],
  ['周一到周三打药', { period: p('2026-12-07', '2026-12-09'), operationTypes: ['CROP_PROTECTION'] }],
  ['下周一到下周五安排整地', { period: p('2026-12-07', '2026-12-11'), operationTypes: ['TILLAGE'] }],
  ['1月3日安排运输', { period: p('2027-01-03'), operationTypes: ['TRANSPORT'] }],
  ['明天和后天收获', { period: p('2026-12-03', '2026-12-04'), operationTypes: ['HARVESTING'] }],
  ['安排12月1日到12月5日的播种', { period: p('2026-12-02', '2026-12-05'), operationTypes: ['SOWING_PLANTING'] }],
  [
    '请在12月10号之前完成东岗3号地的收获',
    {
      period: p('2026-12-02', '2026-12-10'),
      deadline: '2026-12-10',
      operationTypes: ['HARVESTING'],
      fields: [F.donggang3],
    },
  ],
  ['从下周三开始的三天植保', { period: p('2026-12-09', '2026-12-11'), operationTypes: ['CROP_PROTECTION'] }],
  ['从明天起到周五运输', { period: p('2026-12-03', '2026-12-04'), operationTypes: ['TRANSPORT'] }],
  ['帮我排一下下周的作业，先排一队的', { period: NEXT_WEEK, teams: [T.one] }],
  ['本周一安排收获', { operationTypes: ['HARVESTING'], missing: ['period'], question: Q.zh.period }],
  // teams and fields
  ['下周一队的收获作业', { period: NEXT_WEEK, operationTypes: ['HARVESTING'], teams: [T.one] }],
  ['安排机收一队下周收割', { period: NEXT_WEEK, operationTypes: ['HARVESTING'], teams: [T.combineOne] }],
  ['第一队明天植保', { period: p('2026-12-03'), operationTypes: ['CROP_PROTECTION'], teams: [T.one] }],
  ['一队和二队本周割草', { period: THIS_WEEK, operationTypes: ['MOWING'], teams: [T.one, T.two] }],
  ['东岗三号地明天播种', { period: p('2026-12-03'), operationTypes: ['SOWING_PLANTING'], fields: [F.donggang3] }],
  ['东岗3号下周耕地', { period: NEXT_WEEK, operationTypes: ['TILLAGE'], fields: [F.donggang3] }],
  ['北大田和西洼地明天施肥', { period: p('2026-12-03'), operationTypes: ['FERTILIZING'], fields: [F.beida, F.xiwa] }],
  ['下周安排收获，不要安排一队', { period: NEXT_WEEK, operationTypes: ['HARVESTING'] }],
  // machines and operators
  [
    '安排下周收获，不要用约翰迪尔8R',
    { period: NEXT_WEEK, operationTypes: ['HARVESTING'], avoid: { assets: [A.jd8r] } },
  ],
  ['下周收获，优先用JD S780', { period: NEXT_WEEK, operationTypes: ['HARVESTING'], prefer: { assets: [A.s780] } }],
  [
    '下周收获，优先用ＪＤ　Ｓ７８０',
    { period: NEXT_WEEK, operationTypes: ['HARVESTING'], prefer: { assets: [A.s780] } },
  ],
  [
    '明天植保，避开张三',
    { period: p('2026-12-03'), operationTypes: ['CROP_PROTECTION'], avoid: { operators: [O.zhang] } },
  ],
  ['下周打药，优先安排李四', { period: NEXT_WEEK, operationTypes: ['CROP_PROTECTION'], prefer: { operators: [O.li] } }],
  [
    '下周收获，张三和李四都不要用',
    { period: NEXT_WEEK, operationTypes: ['HARVESTING'], avoid: { operators: [O.zhang, O.li] } },
  ],
  [
    '把下周的收获作业排给李四和Wang Wei',
    { period: NEXT_WEEK, operationTypes: ['HARVESTING'], prefer: { operators: [O.li, O.wang] } },
  ],
  ['下周用张三收获', { period: NEXT_WEEK, operationTypes: ['HARVESTING'], prefer: { operators: [O.zhang] } }],
  [
    '明天喷药，张三优先',
    { period: p('2026-12-03'), operationTypes: ['CROP_PROTECTION'], prefer: { operators: [O.zhang] } },
  ],
  [
    '下周打药，优先用收割机1号',
    { period: NEXT_WEEK, operationTypes: ['CROP_PROTECTION'], prefer: { assets: [A.harvester1] } },
  ],
  ['下周收获，不要用凯斯7130', { period: NEXT_WEEK, operationTypes: ['HARVESTING'] }],
  // machine states
  [
    '维修中的机器不要用，明天安排运输',
    { period: p('2026-12-03'), operationTypes: ['TRANSPORT'], avoid: { inMaintenance: true } },
  ],
  [
    '安排下周收获，避开需要保养的机器',
    { period: NEXT_WEEK, operationTypes: ['HARVESTING'], avoid: { dueForMaintenance: true } },
  ],
  [
    '下周植保，不要用在修的和需要保养的机器',
    { period: NEXT_WEEK, operationTypes: ['CROP_PROTECTION'], avoid: { inMaintenance: true, dueForMaintenance: true } },
  ],
  [
    '明天收获，不要用在修的',
    { period: p('2026-12-03'), operationTypes: ['HARVESTING'], avoid: { inMaintenance: true } },
  ],
  // maintenance
  ['安排未来两周到期的保养', { intent: 'PLAN_MAINTENANCE', period: TWO_WEEKS }],
  ['下个月的保养计划', { intent: 'PLAN_MAINTENANCE', period: JANUARY }],
  ['下周检修收割机', { intent: 'PLAN_MAINTENANCE', period: NEXT_WEEK, operationTypes: ['HARVESTING'] }],
  ['安排保养', { intent: 'PLAN_MAINTENANCE', missing: ['period'], question: Q.zh.periodMaintenance }],
  // priority
  ['下周收获，不紧急', { period: NEXT_WEEK, operationTypes: ['HARVESTING'] }],
  ['优先级高的先排，下周收获', { period: NEXT_WEEK, operationTypes: ['HARVESTING'], urgentFirst: true }],
  ['明天加急安排运输', { period: p('2026-12-03'), operationTypes: ['TRANSPORT'], urgentFirst: true }],
  ['下周紧急的收获作业优先', { period: NEXT_WEEK, operationTypes: ['HARVESTING'], urgentFirst: true }],
  ['下周只排紧急的植保', { period: NEXT_WEEK, operationTypes: ['CROP_PROTECTION'], minPriority: 4, urgentFirst: true }],
  ['本周优先级3以上的作业', { period: THIS_WEEK, minPriority: 3 }],
  ['下周安排优先级不低于四的施肥', { period: NEXT_WEEK, operationTypes: ['FERTILIZING'], minPriority: 4 }],
  ['下周3级以上的作业', { period: NEXT_WEEK, minPriority: 3 }],
  ['优先级6以上的作业下周', { period: NEXT_WEEK }],
  ['下周收获，JD S780除外', { period: NEXT_WEEK, operationTypes: ['HARVESTING'], avoid: { assets: [A.s780] } }],
  ['下周优先级大于3的播种', { period: NEXT_WEEK, operationTypes: ['SOWING_PLANTING'], minPriority: 4 }],
  // several operations
  ['安排本周的收获和运输', { period: THIS_WEEK, operationTypes: ['HARVESTING', 'TRANSPORT'] }],
  ['下周先青贮再打捆', { period: NEXT_WEEK, operationTypes: ['BALING', 'FORAGE_HARVESTING'] }],
  // missing essentials
  ['安排收获作业', { operationTypes: ['HARVESTING'], missing: ['period'], question: Q.zh.period }],
  ['帮我看看', { intent: 'UNKNOWN', missing: ['intent', 'period'], question: Q.zh.intent }],
  ['未来两周', { intent: 'UNKNOWN', period: TWO_WEEKS, missing: ['intent'], question: Q.zh.intent }],
];

const EN: Row[] = [
  [
    'schedule harvesting next week, avoid machines under repair',
    { period: NEXT_WEEK, operationTypes: ['HARVESTING'], avoid: { inMaintenance: true } },
  ],
  ['Plan spraying for tomorrow', { period: p('2026-12-03'), operationTypes: ['CROP_PROTECTION'] }],
  ['harvest today', { period: p('2026-12-02'), operationTypes: ['HARVESTING'] }],
  ['sow the day after tomorrow', { period: p('2026-12-04'), operationTypes: ['SOWING_PLANTING'] }],
  ['Tillage this week', { period: THIS_WEEK, operationTypes: ['TILLAGE'] }],
  ['plough next week', { period: NEXT_WEEK, operationTypes: ['TILLAGE'] }],
  ['plowing this weekend', { period: WEEKEND, operationTypes: ['TILLAGE'] }],
  ['Fertilize next weekend', { period: p('2026-12-12', '2026-12-13'), operationTypes: ['FERTILIZING'] }],
  ['mowing in the next 3 days', { period: p('2026-12-02', '2026-12-04'), operationTypes: ['MOWING'] }],
  ['Baling over the next five days', { period: p('2026-12-02', '2026-12-06'), operationTypes: ['BALING'] }],
  ['schedule transport for the next two weeks', { period: TWO_WEEKS, operationTypes: ['TRANSPORT'] }],
  ['haul grain within 10 days', { period: p('2026-12-02', '2026-12-11'), operationTypes: ['TRANSPORT'] }],
  ['seeding next month', { period: JANUARY, operationTypes: ['SOWING_PLANTING'] }],
  ['crop protection this month', { period: p('2026-12-02', '2026-12-31'), operationTypes: ['CROP_PROTECTION'] }],
  ['harvest on Friday', { period: p('2026-12-04'), operationTypes: ['HARVESTING'] }],
  ['Spray Monday', { period: p('2026-12-07'), operationTypes: ['CROP_PROTECTION'] }],
  ['plant next Wednesday', { period: p('2026-12-09'), operationTypes: ['SOWING_PLANTING'] }],
  ['mow this Friday', { period: p('2026-12-04'), operationTypes: ['MOWING'] }],
  ['harvest the week after next', { period: p('2026-12-14', '2026-12-20'), operationTypes: ['HARVESTING'] }],
  ['harvest on Dec 8', { period: p('2026-12-08'), operationTypes: ['HARVESTING'] }],
  ['sowing from Dec 8 to Dec 12', { period: p('2026-12-08', '2026-12-12'), operationTypes: ['SOWING_PLANTING'] }],
  ['Spraying Dec 8-12', { period: p('2026-12-08', '2026-12-12'), operationTypes: ['CROP_PROTECTION'] }],
  ['tillage 8-12 December', { period: p('2026-12-08', '2026-12-12'), operationTypes: ['TILLAGE'] }],
  [
    'baling between December 8th and December 10th',
    { period: p('2026-12-08', '2026-12-10'), operationTypes: ['BALING'] },
  ],
  ['transport on 8 December', { period: p('2026-12-08'), operationTypes: ['TRANSPORT'] }],
  ['transport on 2026-12-10', { period: p('2026-12-10'), operationTypes: ['TRANSPORT'] }],
  ['harvest 12/8', { period: p('2026-12-08'), operationTypes: ['HARVESTING'] }],
  ['harvest Dec 28 to Jan 3', { period: p('2026-12-28', '2027-01-03'), operationTypes: ['HARVESTING'] }],
  [
    'Schedule spraying Monday to Wednesday',
    { period: p('2026-12-07', '2026-12-09'), operationTypes: ['CROP_PROTECTION'] },
  ],
  ['forage harvesting next week', { period: NEXT_WEEK, operationTypes: ['FORAGE_HARVESTING'] }],
  ['silage tomorrow', { period: p('2026-12-03'), operationTypes: ['FORAGE_HARVESTING'] }],
  ['spraying and fertilizing this week', { period: THIS_WEEK, operationTypes: ['FERTILIZING', 'CROP_PROTECTION'] }],
  ['cultivating tomorrow', { period: p('2026-12-03'), operationTypes: ['TILLAGE'] }],
  ['HARVEST NEXT WEEK', { period: NEXT_WEEK, operationTypes: ['HARVESTING'] }],
  [
    'harvest by Friday',
    { period: p('2026-12-02', '2026-12-04'), deadline: '2026-12-04', operationTypes: ['HARVESTING'] },
  ],
  [
    'spray before Friday',
    { period: p('2026-12-02', '2026-12-03'), deadline: '2026-12-03', operationTypes: ['CROP_PROTECTION'] },
  ],
  ['plough Monday for 3 days', { period: p('2026-12-07', '2026-12-09'), operationTypes: ['TILLAGE'] }],
  ['harvest next week, no rush', { period: NEXT_WEEK, operationTypes: ['HARVESTING'] }],
  ['harvest this Monday', { operationTypes: ['HARVESTING'], missing: ['period'], question: Q.en.period }],
  ['plough from Dec 1 to Dec 4', { period: p('2026-12-02', '2026-12-04'), operationTypes: ['TILLAGE'] }],
  // teams, fields
  ['harvesting next week for the North team', { period: NEXT_WEEK, operationTypes: ['HARVESTING'], teams: [T.north] }],
  ['north sprays tomorrow', { period: p('2026-12-03'), operationTypes: ['CROP_PROTECTION'], teams: [T.north] }],
  [
    'South crew and North team plough next week',
    { period: NEXT_WEEK, operationTypes: ['TILLAGE'], teams: [T.south, T.north] },
  ],
  ['harvest River field tomorrow', { period: p('2026-12-03'), operationTypes: ['HARVESTING'], fields: [F.river] }],
  ['spray the river next week', { period: NEXT_WEEK, operationTypes: ['CROP_PROTECTION'], fields: [F.river] }],
  ['harvest Hill 7 tomorrow', { period: p('2026-12-03'), operationTypes: ['HARVESTING'], fields: [F.hill] }],
  ['schedule spraying for 一队 next week', { period: NEXT_WEEK, operationTypes: ['CROP_PROTECTION'], teams: [T.one] }],
  // machines, operators, states
  [
    'harvest next week, avoid JD S780',
    { period: NEXT_WEEK, operationTypes: ['HARVESTING'], avoid: { assets: [A.s780] } },
  ],
  [
    'harvest next week, prefer Case 310',
    { period: NEXT_WEEK, operationTypes: ['HARVESTING'], prefer: { assets: [A.case310] } },
  ],
  [
    'spray tomorrow without Wang Wei',
    { period: p('2026-12-03'), operationTypes: ['CROP_PROTECTION'], avoid: { operators: [O.wang] } },
  ],
  [
    'harvest next week with Li Na',
    { period: NEXT_WEEK, operationTypes: ['HARVESTING'], prefer: { operators: [O.na] } },
  ],
  [
    'schedule harvesting next week, avoid machines due for service',
    { period: NEXT_WEEK, operationTypes: ['HARVESTING'], avoid: { dueForMaintenance: true } },
  ],
  [
    "harvest next week, don't use tractors in the shop or due for maintenance",
    { period: NEXT_WEEK, operationTypes: ['HARVESTING'], avoid: { inMaintenance: true, dueForMaintenance: true } },
  ],
  ['harvest next week, avoid the Fendt 942', { period: NEXT_WEEK, operationTypes: ['HARVESTING'] }],
  [
    'spray next week, no machines under repair, prefer Case 310 and JD S780',
    {
      period: NEXT_WEEK,
      operationTypes: ['CROP_PROTECTION'],
      avoid: { inMaintenance: true },
      prefer: { assets: [A.case310, A.s780] },
    },
  ],
  // maintenance
  ['plan maintenance for the next two weeks', { intent: 'PLAN_MAINTENANCE', period: TWO_WEEKS }],
  ['Service the tractors next month', { intent: 'PLAN_MAINTENANCE', period: JANUARY }],
  [
    'plan the maintenance that is due',
    { intent: 'PLAN_MAINTENANCE', missing: ['period'], question: Q.en.periodMaintenance },
  ],
  // priority
  ['urgent: harvest tomorrow', { period: p('2026-12-03'), operationTypes: ['HARVESTING'], urgentFirst: true }],
  [
    'schedule high priority spraying next week',
    { period: NEXT_WEEK, operationTypes: ['CROP_PROTECTION'], urgentFirst: true },
  ],
  ['only urgent jobs next week', { period: NEXT_WEEK, minPriority: 4, urgentFirst: true }],
  ['next week, jobs with priority >= 3', { period: NEXT_WEEK, minPriority: 3 }],
  [
    'transport tomorrow, priority 2 or higher',
    { period: p('2026-12-03'), operationTypes: ['TRANSPORT'], minPriority: 2 },
  ],
  ['P3+ jobs next week', { period: NEXT_WEEK, minPriority: 3 }],
  [
    'just the high-priority spraying tomorrow',
    { period: p('2026-12-03'), operationTypes: ['CROP_PROTECTION'], minPriority: 4, urgentFirst: true },
  ],
  [
    'spray next week, Case 310 excluded',
    { period: NEXT_WEEK, operationTypes: ['CROP_PROTECTION'], avoid: { assets: [A.case310] } },
  ],
  ['harvest next week, priority above 3', { period: NEXT_WEEK, operationTypes: ['HARVESTING'], minPriority: 4 }],
  // missing
  ['schedule the harvest', { operationTypes: ['HARVESTING'], missing: ['period'], question: Q.en.period }],
  ["what's the weather like?", { intent: 'UNKNOWN', missing: ['intent', 'period'], question: Q.en.intent }],
];

describe('rules planner: Chinese phrasings (now = Wed 2026-12-02, Asia/Shanghai)', () => {
  it.each(ZH)('%s', (goal, e) => {
    checkRules(goal, e, 'zh');
  });
});

describe('rules planner: English phrasings (now = Wed 2026-12-02, Asia/Shanghai)', () => {
  it.each(EN)('%s', (goal, e) => {
    checkRules(goal, e, 'en');
  });
});

describe('rules planner: phrasings', () => {
  it('has at least 110 phrasings (≈60 zh, ≈50 en)', () => {
    expect(ZH.length).toBeGreaterThanOrEqual(60);
    expect(EN.length).toBeGreaterThanOrEqual(50);
    expect(ZH.length + EN.length).toBeGreaterThanOrEqual(110);
  });
});
