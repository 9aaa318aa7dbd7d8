import type { TOperationType } from '@amms/contracts/assets';
import { EN_COUNT, ZH_COUNT } from './numerals.js';

/**
 * The words the `rules` planner understands. Chinese is matched as substrings, English on word
 * boundaries of the lower-cased text. docs/agent.md has the same table for people.
 * Order inside a list does not matter: overlapping matches are resolved leftmost-longest.
 */

type Pattern<T> = { re: RegExp; value: T };
const words = <T>(value: T, zh: string[], en: string[]): Pattern<T>[] => [
  ...(zh.length ? [{ re: new RegExp(zh.join('|')), value }] : []),
  ...(en.length ? [{ re: new RegExp(`\\b(?:${en.join('|')})\\b`), value }] : []),
];

export const OPERATION_WORDS: ReadonlyArray<Pattern<TOperationType>> = [
  ...words<TOperationType>(
    'HARVESTING',
    ['收获', '收割', '秋收', '夏收', '麦收', '割麦', '收麦子', '收麦', '收玉米', '收稻'],
    ['harvest(?:s|ed|ing)?', 'combining'],
  ),
  ...words<TOperationType>(
    'SOWING_PLANTING',
    ['播种', '种植', '插秧', '点播', '春播', '秋播', '夏播', '栽种', '移栽'],
    ['sow(?:s|n|ed|ing)?', 'seed(?:s|ed|ing)?', 'plant(?:s|ed|ing)?', 'drilling'],
  ),
  ...words<TOperationType>(
    'CROP_PROTECTION',
    ['植保', '喷药', '打药', '喷洒', '施药', '飞防', '病虫害防治', '防治病虫'],
    ['spray(?:s|ed|ing)?', 'crop\\s+protection', 'pesticides?', 'herbicides?'],
  ),
  ...words<TOperationType>(
    'TILLAGE',
    ['耕地', '翻地', '犁地', '整地', '旋耕', '深松', '深翻', '耙地', '耕作', '翻耕'],
    [
      'till(?:s|ed|ing|age)?',
      'plough(?:s|ed|ing)?',
      'plow(?:s|ed|ing)?',
      'cultivat(?:e|es|ed|ing|ion)',
      'harrow(?:s|ed|ing)?',
      'disc(?:k)?ing',
    ],
  ),
  ...words<TOperationType>(
    'FERTILIZING',
    ['施肥', '撒肥', '追肥', '施底肥', '基肥'],
    [
      'fertili[sz](?:e|es|ed|ing|ation)',
      'fertili[sz]er',
      'manure\\s+spreading',
      'spread(?:ing)?\\s+(?:manure|fertili[sz]er)',
    ],
  ),
  ...words<TOperationType>('MOWING', ['割草', '刈割', '打草'], ['mow(?:s|n|ed|ing)?']),
  ...words<TOperationType>('BALING', ['打捆', '捡拾打捆', '压捆'], ['bal(?:e|es|ed|ing)']),
  ...words<TOperationType>(
    'FORAGE_HARVESTING',
    ['青贮', '青储', '饲草收获'],
    ['forage(?:\\s+harvest(?:s|ed|ing)?)?', 'silage'],
  ),
  ...words<TOperationType>(
    'TRANSPORT',
    ['运输', '拉运', '转运', '运粮', '拉粮'],
    ['transport(?:s|ed|ing|ation)?', 'haul(?:s|ed|ing|age)?'],
  ),
];

export type IntentWord = 'schedule' | 'maintenance' | 'job';
export const INTENT_WORDS: ReadonlyArray<Pattern<IntentWord>> = [
  ...words<IntentWord>(
    'schedule',
    ['安排', '排班', '排程', '排产', '排一下', '排', '调度', '派工', '派活', '计划', '规划', '分配'],
    [
      'schedul(?:e|es|ed|ing)',
      'plan(?:s|ned|ning)?',
      'assign(?:s|ed|ing)?',
      'dispatch(?:es|ed|ing)?',
      'allocat(?:e|es|ed|ing)',
      'arrang(?:e|es|ed|ing)',
      'organi[sz](?:e|es|ed|ing)',
      'book',
    ],
  ),
  ...words<IntentWord>(
    'maintenance',
    ['保养', '维护', '检修', '维保', '维修', '大修', '换机油', '年检'],
    [
      'maintenance',
      'maintain(?:s|ed|ing)?',
      'servic(?:e|es|ed|ing)',
      'overhaul(?:s|ed|ing)?',
      'inspections?',
      'repairs?',
      'oil\\s+changes?',
    ],
  ),
  ...words<IntentWord>(
    'job',
    ['作业', '任务', '农活', '干活', '田间'],
    ['jobs?', 'tasks?', 'work', 'field\\s*work', 'operations'],
  ),
];

/**
 * Verbs that open an avoid / prefer clause. "strong" ones state the intent outright, so text
 * after them that names nothing known is reported; weak ones ("用", "with") only pick up names.
 */
export type ClauseVerb = { clause: 'avoid' | 'prefer'; strong: boolean };
export const CLAUSE_VERBS: ReadonlyArray<Pattern<ClauseVerb>> = [
  ...words<ClauseVerb>(
    { clause: 'avoid', strong: true },
    [
      '避开',
      '避免使用',
      '避免用',
      '避免',
      '不要使用',
      '不要用',
      '不要派',
      '不要安排',
      '不要',
      '不用',
      '别用',
      '别派',
      '别安排',
      '排除',
      '跳过',
      '除了',
      '除去',
      '去掉',
      '不包括',
      '不含',
      '绕开',
      '禁用',
    ],
    [
      'avoid(?:s|ing)?',
      'exclud(?:e|es|ing)',
      'except(?:\\s+for)?',
      'skip(?:ping)?',
      'without',
      "don'?t\\s+use",
      'do\\s+not\\s+use',
      'not\\s+using',
      'never\\s+use',
      'leave\\s+out',
      'keep\\s+out',
      'no(?=\\s+(?:machines?|tractors?|equipment|assets?))',
    ],
  ),
  ...words<ClauseVerb>(
    { clause: 'prefer', strong: true },
    [
      '优先用',
      '优先使用',
      '优先选用',
      '优先选',
      '优先派',
      '优先调用',
      '优先考虑',
      '首选',
      '尽量用',
      '尽量使用',
      '最好用',
      '多用',
    ],
    ['prefer(?:s|red|ring|ably)?(?:\\s+to\\s+use)?', 'ideally\\s+use', 'use\\s+preferably', 'favou?r(?:ing)?'],
  ),
  ...words<ClauseVerb>(
    { clause: 'prefer', strong: false },
    ['优先安排', '安排给', '排给', '派给', '分给', '交给', '使用', '用', '派', '让'],
    ['use', 'using', 'with', 'assign\\s+to', 'give\\s+(?:it\\s+)?to', 'by'],
  ),
];

/** Where a clause ends: punctuation or markup, "but", or a new verb (scheduling verbs included). */
export const CLAUSE_STOP =
  /[,.;:!?，。；：！？\n<>{}[\]()（）"“”]|但是|但|而且|而|然后|\bbut\b|\bthen\b|\bwhile\b|\bplease\b|安排|排班|调度|schedul|\bplan\b|\bassign\b/;

export type StateTerm = 'inMaintenance' | 'dueForMaintenance';
export const STATE_TERMS: ReadonlyArray<Pattern<StateTerm>> = [
  ...words<StateTerm>(
    'inMaintenance',
    [
      '维修中',
      '正在维修',
      '在维修',
      '在修',
      '维修',
      '修理中',
      '在修理',
      '送修',
      '检修中',
      '保养中',
      '正在保养',
      '故障',
      '坏了',
      '坏的',
      '损坏',
      '报修',
    ],
    [
      'under\\s+(?:repair|maintenance)',
      'in\\s+repair',
      'being\\s+(?:repaired|serviced|fixed)',
      'in\\s+(?:the\\s+)?(?:maintenance|shop|workshop)',
      'broken(?:\\s+down)?',
      'out\\s+of\\s+(?:service|order)',
      'down\\s+for\\s+(?:maintenance|repairs?)',
      'in\\s+for\\s+(?:service|repairs?)',
    ],
  ),
  ...words<StateTerm>(
    'dueForMaintenance',
    [
      '需要保养',
      '需保养',
      '待保养',
      '该保养',
      '应保养',
      '到期保养',
      '保养到期',
      '快到保养',
      '临近保养',
      '即将保养',
      '需要维护',
      '维护到期',
      '保养逾期',
      '逾期保养',
      '超期保养',
      '到保养期',
    ],
    [
      'due\\s+(?:for\\s+)?(?:maintenance|service|servicing|a\\s+service)',
      '(?:maintenance|service)\\s+(?:is\\s+)?(?:due|overdue)',
      'overdue\\s+(?:for\\s+)?(?:maintenance|service|servicing)',
      'need(?:s|ing)?\\s+(?:maintenance|service|servicing)',
      'that\\s+need\\s+(?:maintenance|servicing)',
    ],
  ),
];

/**
 * "维修中的机器不要用", "S780 除外", "8R就别用了", "张三这次不参加", "Case 310 is off": a state or a
 * name followed by the avoid words (adverbs such as 就/先/这次/暂时 and a closing 了/掉 allowed).
 */
export const POSTFIX_AVOID =
  /^\s*(?:的)?\s*(?:机器|机械|设备|农机|车辆|车|机手|司机)?\s*(?:就|都|也|先|暂时|暂且|这次|这回|这一次|本次|今天|明天|后天|明后天|这两天|下下?周|这周|本周|周[一二三四五六日天]|一律|一概|全都|统统|再|要)*\s*(?:请假|休假|放假|不在|有事|生病|病了|住院|出差|回老家|没空|不来|不能来|来不了|不要用|不用|别用|不要派|不派|别派|不要安排|不安排|别安排|不参加|不参与|不上|不出车|不出|除外|不算|排除在外|排除掉?|去掉|不要|不能用|停用|休息|歇着|靠边)(?:了|掉)?|^\s*(?:machines?|equipment|tractors?|ones?)?\s*(?:are\s+|is\s+|stays?\s+|should\s+be\s+|must\s+be\s+|will\s+be\s+|to\s+be\s+|gets?\s+)?(?:on\s+(?:leave|holiday|vacation|sick\s+leave)|(?:off\s+)?sick|away|excluded|off[\s-]limits|not\s+allowed|not\s+to\s+be\s+used|not\s+(?:be\s+)?used|unavailable|off(?!\s+(?:to|at|from)\b)|out(?:\s+of\s+(?:it|this|that|the\s+(?:plan|schedule|mix|rotation)))?(?!\s+(?:to|at|in|on)\b)|benched|sidelined|(?:in|at)\s+the\s+(?:shed|yard|barn|garage))\b/;
/** "keep the S780 out of it", "leave the Case 310 out", "keep Wang Wei off it": a keep/leave verb earlier in the clause … */
export const CIRCUMFIX_AVOID_BEFORE = /\b(?:keep|keeping|kept|leave|leaving|left)\b[^,.;:!?，。；：！？]{0,80}$/;
/** … and out/off right after the name */
export const CIRCUMFIX_AVOID_AFTER =
  /^\s*(?:out|off|aside)\b(?:\s+of\s+(?:it|this|that|the\s+(?:plan|schedule|jobs?|work)))?(?:\s+it\b)?/;
/** "no JD S780", "not the Case 310", "别让张三": a negation right before the name */
export const PREFIX_AVOID =
  /(?:\b(?:no|not|but\s+not|and\s+not|minus)\s+(?:the\s+|our\s+)?|不算|不让|不带|不含|不包括|不派|除开|撇开)\s*$/;
/** "S780 优先", "张三优先": a name followed by 优先 (not 优先级) */
export const POSTFIX_PREFER = /^\s*(?:的)?\s*(?:机器|车|机手)?\s*(?:优先(?!级)|先用|preferred|first)/;

/** Explicit priority floors: value = how to turn the number into a floor. */
export type PriorityFloor = 'atLeast' | 'above';
export const PRIORITY_FLOORS: ReadonlyArray<Pattern<PriorityFloor>> = [
  {
    re: new RegExp(`优先级\\s*(?:在|为|是)?\\s*(${ZH_COUNT})\\s*级?\\s*(?:及以上|以上|或以上|或更高|起|\\+)`),
    value: 'atLeast',
  },
  {
    re: new RegExp(
      `优先级\\s*(?:>=|≥|不低于|不小于|至少|大于等于|大于或等于|最低)\\s*(?:为|是)?\\s*(${ZH_COUNT})\\s*级?`,
    ),
    value: 'atLeast',
  },
  { re: new RegExp(`优先级\\s*(?:>|大于|高于|超过)\\s*(${ZH_COUNT})\\s*级?`), value: 'above' },
  { re: new RegExp(`(${ZH_COUNT})\\s*级(?:及以上|以上|或以上)的?(?:优先级)?`), value: 'atLeast' },
  { re: /\bp\s*([1-5])\s*(?:\+|or\s+(?:higher|above|more)|and\s+(?:higher|above|up)|以上|及以上)/, value: 'atLeast' },
  {
    re: new RegExp(
      `\\bpriority\\s*(?:>=|≥|of\\s+at\\s+least|at\\s+least|no\\s+less\\s+than|not\\s+below|min(?:imum)?(?:\\s+of)?)\\s*(${EN_COUNT})\\b`,
    ),
    value: 'atLeast',
  },
  {
    re: new RegExp(`\\bpriority\\s*(${EN_COUNT})\\s*(?:\\+|or\\s+(?:higher|above|more)|and\\s+(?:higher|above|up))`),
    value: 'atLeast',
  },
  {
    re: new RegExp(`\\bpriority\\s*(?:>|above|over|greater\\s+than|higher\\s+than)\\s*(${EN_COUNT})\\b`),
    value: 'above',
  },
];

/** "only urgent" → jobs of priority ≥ 4 (the top two of 1..5) */
export const ONLY_URGENT: ReadonlyArray<Pattern<true>> = [
  { re: /(?:只|仅|只要|只需|仅需)(?:排|安排|做|派|处理|看)?(?:那些)?(?:最)?(?:紧急|加急|急)/, value: true },
  { re: /(?:紧急|加急)的?(?:作业|任务)?才(?:排|安排|做)/, value: true },
  { re: /\b(?:only|just)\s+(?:the\s+)?(?:most\s+)?(?:urgent|high[\s-]priority|rush)\b/, value: true },
  { re: /\b(?:urgent|high[\s-]priority|rush)\s+(?:jobs?\s+|ones\s+|tasks?\s+|work\s+)?only\b/, value: true },
];

/** "urgent first": order by priority, no floor. 优先 alone means "give precedence". */
export const URGENT_WORDS: ReadonlyArray<Pattern<true>> = [
  {
    re: /(?<![不没])(?:紧急|加急)|急活|急单|急件|(?<!不)着急|(?<!低)优先(?!级)|高优先级|优先级高|重要的先/,
    value: true,
  },
  {
    re: /(?<!\b(?:no|not|non)[\s-])\b(?:urgent(?:ly)?|high[\s-]priority|top[\s-]priority|rush|prioriti[sz](?:e|ing)|most\s+important\s+first)\b/,
    value: true,
  },
];

/** Words between names and states in an avoid/prefer clause that carry no meaning of their own. */
export const CLAUSE_FILLER =
  /的|机器|机械|设备|农机|车辆|那台|这台|台|辆|和|与|及|以及|或者|或|、|所有|全部|那些|这些|正在|了|一下|都|机手|司机|人员|\b(?:the|a|an|any|all|machines?|tractors?|equipment|assets?|and|or|ones?|that|which|are|is|currently|operators?|drivers?|of|those|these|for|it|them)\b|\s/g;
