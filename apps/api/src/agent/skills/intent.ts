import type { TPlanLanguage } from '@amms/contracts/agent';
import { findForms } from '../../knowledge/index.js';
import { goalLanguage } from '../planner/text.js';
import { machineNumberOf } from './machine-match.js';
import { isScheduleQuestion } from './schedule-question.js';

/**
 * The intent classifier: routes a goal before any planner. Deterministic, no model.
 *
 * It reads KINDS of expression, not sentences:
 * - a fault code said as a code ("报 E12", "code P0217", "故障码 31", "shows E-12");
 * - a symptom: a part or system + a bad state ("水温过高", "loses hydraulic pressure",
 *   "won't start", "异响", "漏油", "冒黑烟", "overheating");
 * - a business metric (cost, cost per hectare, utilization, breakdowns / failures ranked,
 *   MTBF / MTTR, availability, downtime, hectares worked, PM compliance, jobs completed);
 * - a question about how to use / service a machine (a question word or "?" with a
 *   maintenance / operation verb or a spec noun: interval, torque, capacity, pressure …).
 *
 * - a request to order parts: a buying verb with a parts word ("下周保养需要订哪些配件？", "which
 *   parts should we reorder", "买点滤芯"), or asking what parts are short / running out.
 *
 * Precedence: a business metric asked about ("which machines broke down most", "上个月每公顷成本")
 * → BUSINESS_QUESTION; a question for the manual, also about a code or a symptom ("E42 是什么
 * 意思？", "水温过高怎么办？") → ASK_MANUAL; a fault code or a symptom reported, or asked about
 * one numbered machine, or with a repair request ("帮我安排检修") → DIAGNOSE; anything else →
 * PLAN (the planner decides SCHEDULE_JOBS / PLAN_MAINTENANCE / UNKNOWN as before).
 */
export type RoutedIntent = 'DIAGNOSE' | 'ASK_MANUAL' | 'BUSINESS_QUESTION' | 'PURCHASE' | 'PLAN';

export interface IntentResult {
  intent: RoutedIntent;
  language: TPlanLanguage;
  /** DIAGNOSE: the fault code as said (upper case, no separator), if any */
  faultCode: string | null;
  /** BUSINESS_QUESTION: the metrics asked about, in the order said */
  metrics: BusinessMetric[];
  /** why (for the run's plan step) */
  reason: string;
}

export const BUSINESS_METRICS = [
  'costPerHectare',
  'costPerEngineHour',
  'totalCost',
  'utilization',
  'breakdownsRanked',
  'failures',
  'mtbf',
  'mttr',
  'availability',
  'downtime',
  'hectares',
  'pmCompliance',
  'jobsCompleted',
  'hours',
  'fuelPerHectare',
] as const;
export type BusinessMetric = (typeof BUSINESS_METRICS)[number];

/** the goal's own language (planner/text.ts): an English goal naming a Chinese machine is English */
export const languageOf = (goal: string): TPlanLanguage => goalLanguage(goal);

/** A fault code said as one: a trigger word then a code, or a letter-digit code on its own ("E12", "P0217", "SPN 110"). */
const FAULT_CODE: RegExp[] = [
  /(?:报|显示|提示|出现|跳|亮)\s*(?:故障码|代码|错误码|报警码)?\s*[:：]?\s*([A-Za-z]{1,3}[-\s]?\d{1,5})/,
  /(?:故障码|代码|错误码|报警码|fault\s*code|error\s*code|error|code|alarm|dtc|spn)\s*[:：#]?\s*([A-Za-z]{0,3}[-\s]?\d{1,5})/i,
  /(?:shows?|showing|displays?|displaying|throws?|throwing|reports?|reporting)\s+(?:an?\s+)?([A-Za-z]{1,3}[-]?\d{1,5})\b/i,
  /(?:^|[^A-Za-z0-9#])([EFPU][-]?\d{2,4})(?![A-Za-z0-9])/,
];

/** Symptoms: a bad state of a part or system (Chinese); a bare state word is enough. */
const ZH_SYMPTOM =
  /(过高|过热|偏高|过低|偏低|不足|下降|掉压|没压力|无压力|异响|怪声|噪音大|抖动|振动大|漏油|漏水|渗油|泄漏|冒黑烟|冒白烟|冒蓝烟|冒烟|不启动|启动不了|打不着|打不着火|无法启动|熄火|失灵|不转|卡住|卡死|堵塞|报警|故障灯|亮灯|坏了|出故障|出问题|不工作|没反应|无力|动力不足|跑偏|发烫|烧|断了|裂了|不出水|不喷|喷不出|堵了)/;
/** English symptoms: a bad state, a loss, a failure to work. */
const EN_SYMPTOM =
  /\b(overheat(?:s|ing|ed)?|too (?:hot|high|low)|runs? hot|los(?:es|ing|t) (?:\w+ )?(?:pressure|power|oil|coolant)|low (?:\w+ )?pressure|no (?:\w+ )?pressure|leak(?:s|ing)?|knock(?:s|ing)?|rattl(?:es|ing)|grind(?:s|ing)|squeal(?:s|ing)|vibrat(?:es|ing|ion)|smok(?:es|ing|e)|won'?t (?:start|turn|run|spray|engage|lift)|doesn'?t (?:start|work|run|spray|engage|lift)|does not (?:start|work|run|spray|engage|lift)|not (?:starting|working|spraying)|stall(?:s|ing|ed)?|dies|cuts? out|stuck|jammed|clogged|blocked|broken|broke|fault(?:y)?|warning light|alarm|error)\b/i;

/** Business vocabulary → metric (first match per pattern; several metrics may be asked at once). */
const METRIC_PATTERNS: ReadonlyArray<{ re: RegExp; metric: BusinessMetric }> = [
  {
    re: /每公顷(?:的)?(?:成本|费用)|(?:成本|费用)\s*\/\s*公顷|亩均成本|cost(?:s)? per (?:hectare|ha)\b|per-hectare cost/i,
    metric: 'costPerHectare',
  },
  {
    re: /每(?:小时|工时|发动机小时)(?:的)?(?:成本|费用)|cost(?:s)? per (?:engine )?hour/i,
    metric: 'costPerEngineHour',
  },
  {
    re: /(?:总)?(?:成本|费用|开支|花(?:了|费)(?:多少)?(?:钱)?)|\b(?:total )?(?:costs?|spend(?:ing)?|spent|expenses?)\b/i,
    metric: 'totalCost',
  },
  { re: /利用率|使用率|\butili[sz]ation\b|\bhow busy\b/i, metric: 'utilization' },
  {
    re: /(?:故障|坏|出问题|维修)(?:得|的)?(?:次数)?最多|最(?:常|多)(?:出)?(?:故障|坏)|哪(?:些|几)台.*(?:故障|坏)|(?:broke|breaks|break) down (?:the )?most|most (?:breakdowns|failures|repairs)|(?:which|what) machines? .*(?:broke|break|fail)/i,
    metric: 'breakdownsRanked',
  },
  {
    re: /故障(?:次数|数)|多少次故障|how many (?:breakdowns|failures)|number of (?:breakdowns|failures)|\bfailure count\b/i,
    metric: 'failures',
  },
  { re: /平均故障间隔|\bmtbf\b|mean time between failures?/i, metric: 'mtbf' },
  { re: /平均修复时间|平均维修时间|\bmttr\b|mean time to repair/i, metric: 'mttr' },
  { re: /可用率|可用度|完好率|\bavailability\b/i, metric: 'availability' },
  { re: /停机(?:时间|时长|小时)?|\bdowntime\b/i, metric: 'downtime' },
  {
    re: /(?:作业|完成|干了|做了)(?:了)?(?:多少)?(?:面积|公顷)|多少公顷|作业面积|\bhectares?\b|\barea (?:worked|covered|done)\b/i,
    metric: 'hectares',
  },
  {
    re: /干(?:的)?活(?:干得)?最(?:多|少)|活干得最(?:多|少)|\b(?:did|done) the most work\b|\bmost work\b/i,
    metric: 'hectares',
  },
  {
    re: /(?:干|工作|作业|开)了?(?:多少|几)个?(?:小时|工时)|(?:工时|小时数?|工作时间|作业时间)最(?:多|长|少)|最多(?:的)?(?:工时|小时)|\bhours? worked\b|\bworked (?:the )?(?:most|fewest|least) hours\b|\b(?:most|how many) hours\b/i,
    metric: 'hours',
  },
  {
    re: /每公顷(?:的)?油耗|油耗|\bfuel (?:use |used |consumption )?per (?:ha|hectare)\b|\bfuel (?:use|consumption)\b/i,
    metric: 'fuelPerHectare',
  },
  {
    re: /保养(?:完成率|按时率|合规率|及时率)|\bpm compliance\b|preventive maintenance compliance|maintenance (?:done )?on time/i,
    metric: 'pmCompliance',
  },
  {
    re: /完成(?:了)?(?:多少|几)(?:个)?作业|作业完成(?:数|量)|jobs? (?:completed|done|finished)|completed jobs/i,
    metric: 'jobsCompleted',
  },
];

/** Ordering parts: a buying verb near a parts word (either order), or parts running short. */
const ZH_BUY = /订(?:购|货)?|采购|进货|补货|备货|买|下单/;
const ZH_PARTS = /配件|零件|备件|备品|滤芯|滤清器|机油|液压油|皮带|刀片|轮胎|耗材|物料/;
const EN_BUY =
  /\b(?:(?<!work\s)(?<!in\s)order(?:ing|ed)?(?!\s+(?:of|to)\b)|re-?order(?:ing)?|buy(?:ing)?|purchas(?:e|ing)|restock(?:ing)?|stock up)\b/i;
const EN_PARTS =
  /\b(?:parts?|spares?|spare parts|filters?|consumables|supplies|belts?|oil|tyres?|tires?|knife sections?|blades?)\b/i;
const RUNNING_SHORT =
  /(?:配件|零件|备件|库存)\S{0,6}(?:不够|不足|缺|快用完|短缺)|缺(?:哪些|什么)(?:配件|零件|备件)|\b(?:parts?|spares?|stock)\b[^.?!]{0,30}\b(?:run(?:ning)? (?:out|low|short)|short)\b|\b(?:run(?:ning)? (?:out|low|short) (?:of|on))\b[^.?!]{0,20}\b(?:parts?|filters?|spares?)\b/i;

/** A request to order parts ("下周保养需要订哪些配件？", "which parts do we need to order for next week's services?"). */
export function isPurchaseRequest(goal: string): boolean {
  return (
    (ZH_BUY.test(goal) && ZH_PARTS.test(goal)) || (EN_BUY.test(goal) && EN_PARTS.test(goal)) || RUNNING_SHORT.test(goal)
  );
}

/** A question form: a question mark, a question word, or a "tell me" request. */
const QUESTION =
  /[?？]|多久|多少|几(?:个|次|小时|天)?|怎么|怎样|如何|什么|哪(?:个|里|些)|是否|能不能|可不可以|要不要|吗|呢|\b(?:how|what|which|when|where|why|is|are|does|do|can|should)\b/i;
/** What a manual answers: servicing / operating verbs and spec nouns. */
const MANUAL_TOPIC =
  /清洗|清理|更换|加注|检查|调整|润滑|保养|校准|拆卸|安装|操作|使用|设置|标定|间隔|周期|扭矩|压力|容量|型号|规格|油品|机油|液压油|冷却液|胎压|滤芯|喷头|皮带|说明书|手册|\b(?:clean|replace|change|refill|check|adjust|lubricate|grease|service|calibrate|install|remove|operate|interval|torque|capacity|pressure|spec(?:ification)?s?|oil|coolant|filter|nozzle|belt|tyre|tire|manual)\b/i;
/** Scheduling words: a goal to plan, never a manual question ("安排下周作业？"). */
const PLANNING =
  /安排|排(?:一下|个|班|产)|调度|派(?:工|单)|计划(?:一下)?(?:下|本|这)|\bschedule\b|\bplan\b|\bassign\b|\bbook\b/i;
/** Asking for a repair / work order: with a symptom, a diagnosis. */
const REPAIR_REQUEST =
  /检修|维修|修理|修一下|看看|排查|诊断|处理|开(?:个)?工单|\b(?:repair|fix|diagnose|troubleshoot|look at|work order)\b/i;

/**
 * Asking the manual: a question form (a question mark, a question word, "what does … mean",
 * "how do I"), never a bare "is" inside a statement ("the drone is overheating" reports a fault).
 */
const ASKING =
  /[?？]|怎么|怎样|如何|多少|多久|多长|多大|多高|多重|多远|几(?:个|次|小时|天|度|升|公斤|米|年|档)|什么|为什么|为啥|啥|咋|哪(?:个|些|里|儿|种)|是否|能否|能不能|可不可以|要不要|吗|呢|意思|含义|代表|^\s*(?:how|what|why|when|which|where|can|could|should|is|are|do|does|must|may)\b|\b(?:how (?:do|does|to|often|much|many|long|should|can|is)|what (?:is|are|does|do|should|happens|causes)|tell me|explain|meaning of)\b/i;
/** A numeric alarm code shown by a machine ("提示 40003", "code 30021"). */
const NUMERIC_CODE = /(?:提示|显示|报|出现|代码|码)\s*[:：]?\s*\d{3,6}(?!\d)|\b(?:code|error|alarm)\s*#?\d{3,6}\b/i;
/** Someone asked to repair (not "how do I troubleshoot …", which the manual answers). */
const REPAIR_ASKED =
  /帮(?:我|忙)|安排|派(?:人|工)|开(?:个)?工单|报修|修一下|\b(?:please (?:fix|repair|check|look)|schedule a repair|work order|send (?:a|someone)|book a)\b/i;
/** About the fleet's own data or calendar (who, where, free, tomorrow): the planner's, not the manual's. */
const FLEET_STATE =
  /谁|在哪|空闲|有空|可用|在用|状态|今天|明天|后天|下周|本周|这周|哪天|\b(?:who|where is|available|free|today|tomorrow|next week|this week|status)\b/i;

/**
 * A question for the manual: asked as a question, about servicing, values, fault codes,
 * symptoms or specs (a manual topic word, a fault code, a symptom, or any machinery term of the
 * knowledge glossary), not a request to repair, not planning, not about one numbered machine of the
 * fleet ("#02 报 E12" is a diagnosis of that machine) and not about the fleet's state.
 */
export function isManualQuestion(goal: string, hasCode: boolean, hasSymptom: boolean): boolean {
  if (!ASKING.test(goal) || REPAIR_ASKED.test(goal) || PLANNING.test(goal) || FLEET_STATE.test(goal)) return false;
  // "上周那台S780干了什么": what is booked, the calendar's (schedule-question.ts), not the manual's
  if (isScheduleQuestion(goal)) return false;
  if ((hasCode || hasSymptom) && machineNumberOf(goal) !== null) return false;
  return hasCode || hasSymptom || NUMERIC_CODE.test(goal) || MANUAL_TOPIC.test(goal) || findForms(goal).length > 0;
}

function faultCodeOf(goal: string): string | null {
  for (const re of FAULT_CODE) {
    const m = re.exec(goal);
    const code = m?.[1]?.replace(/[-\s]/g, '').toUpperCase();
    // a code has a digit and is not a machine number ("#02") or a model ("6R 155" is caught by the # / letter rules)
    if (code && /\d/.test(code) && /[A-Z]/.test(code)) return code;
    if (code && /^\d{1,5}$/.test(code) && m && /故障码|代码|错误码|报警码|code|dtc|spn/i.test(m[0])) return code;
  }
  return null;
}

/** The metrics a goal asks about (business vocabulary), in the order they appear. */
export function metricsOf(goal: string): BusinessMetric[] {
  const found: { metric: BusinessMetric; at: number }[] = [];
  const taken: [number, number][] = [];
  for (const { re, metric } of METRIC_PATTERNS) {
    const m = re.exec(goal);
    if (!m) continue;
    const span: [number, number] = [m.index, m.index + m[0].length];
    // a shorter pattern inside a longer one already taken ("成本" inside "每公顷成本") is not a second metric
    if (taken.some(([s, e]) => span[0] >= s && span[1] <= e)) continue;
    taken.push(span);
    found.push({ metric, at: m.index });
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.metric))];
}

export function classifyIntent(goal: string): IntentResult {
  const language = languageOf(goal);
  const metrics = metricsOf(goal);
  const code = faultCodeOf(goal);
  const symptom = ZH_SYMPTOM.exec(goal)?.[0] ?? EN_SYMPTOM.exec(goal)?.[0] ?? null;
  const base = { language, faultCode: null, metrics: [] as BusinessMetric[] };

  // "哪台机器故障最多" names breakdowns but asks for a ranking: a number, not a repair
  if (metrics.length > 0 && !code && (!symptom || metrics.includes('breakdownsRanked') || QUESTION.test(goal))) {
    return {
      ...base,
      intent: 'BUSINESS_QUESTION',
      metrics,
      reason: `business metric${metrics.length > 1 ? 's' : ''} ${metrics.join(', ')}`,
    };
  }
  // "下周保养需要订哪些配件？": what to order, a PURCHASE draft (before the manual: "which filters to order?")
  if (!code && isPurchaseRequest(goal) && (!symptom || RUNNING_SHORT.test(goal)))
    return { ...base, intent: 'PURCHASE', reason: 'a request to order parts' };
  // "E42 是什么意思？", "水温过高怎么办？", "how do I bleed the fuel system": the manual answers it
  if (isManualQuestion(goal, code !== null, symptom !== null))
    return { ...base, intent: 'ASK_MANUAL', reason: 'a question for the manual (procedure, value, code or symptom)' };
  if (code) return { ...base, intent: 'DIAGNOSE', faultCode: code, reason: `fault code ${code}` };
  // "安排下周作业，避开坏了的机器": a symptom as a planning constraint, not a repair request
  if (symptom && PLANNING.test(goal) && !REPAIR_REQUEST.test(goal))
    return { ...base, intent: 'PLAN', reason: `a planning goal that mentions "${symptom}"` };
  if (symptom)
    return {
      ...base,
      intent: 'DIAGNOSE',
      reason: `symptom "${symptom}"${REPAIR_REQUEST.test(goal) ? ' with a repair request' : ''}`,
    };
  return { ...base, intent: 'PLAN', reason: 'no symptom, fault code, metric or manual question: the planner reads it' };
}
