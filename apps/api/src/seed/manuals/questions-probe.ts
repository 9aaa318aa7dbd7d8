import type { QuestionSpec } from './questions.js';

/**
 * The probe set (bench/knowledge/questions-probe.json): questions on a manual the answerer was
 * never tuned on (content/hefeng-baler-probe.ts: another maker, Chinese in two columns under a
 * banded header), written from its pages before any change was measured on it. Chinese and
 * English (cross-language) questions, procedures, prose troubleshooting sections, table rows,
 * codes, and questions it does not answer. Measured only, never tuned on.
 */
const HF = 'hefeng-9yg22-baler-zh';
const hf = (id: string, kind: QuestionSpec['kind'], q: string, ...facts: string[]): QuestionSpec => ({
  id: `hf-${id}`,
  q,
  kind,
  doc: HF,
  facts,
});
const none = (id: string, q: string): QuestionSpec => ({ id: `hf-none-${id}`, q, kind: 'no-answer' });

export const QUESTIONS_PROBE: QuestionSpec[] = [
  // Chinese questions
  hf('pickup-hand', 'text', '打捆机捡拾器堵了，能不能直接用手把草掏出来？', 'hf.pickup-danger'),
  hf('gate', 'text', '后仓门打开的时候人能站在下面吗？', 'hf.gate-safety'),
  hf('pto', 'table', '打捆机要求拖拉机动力输出轴转速是多少？', 'hf.spec-pto'),
  hf('mass', 'table', '这台打捆机整机有多重？', 'hf.spec-mass'),
  hf('hitch', 'text', '打捆机怎么挂接到拖拉机上？', 'hf.hitch'),
  hf('speed', 'text', '打捆作业时车速开多快合适？', 'hf.speed'),
  hf('gearbox-oil', 'table', '齿轮箱油多久换一次，加多少？', 'hf.int-500'),
  hf('chain', 'text', '链条松紧度怎么检查，下垂多少合适？', 'hf.chain'),
  hf('pickup-block', 'text', '捡拾器老是堵，是什么原因，怎么处理？', 'hf.pickup-block'),
  hf('loose', 'text', '打出来的草捆松松垮垮的怎么办？', 'hf.loose-bale'),
  hf('a12', 'fault-code', '监视器显示 A12 是什么故障？', 'hf.a12'),
  hf('storage', 'text', '打捆季节结束后机器应该怎样存放？', 'hf.storage'),
  // English questions about the Chinese manual (cross-language)
  hf('en-net', 'text', 'How do I wrap the bale with net once it is full size?', 'hf.net'),
  hf('en-tyre', 'table', 'What tyre pressure does the baler need?', 'hf.spec-tyre'),
  hf('en-grease', 'table', 'What needs greasing every 50 hours on the baler?', 'hf.int-50'),
  hf('en-net-cut', 'text', 'The net is not cut after wrapping. What is wrong?', 'hf.net-cut'),
  hf('en-a07', 'fault-code', 'What does alarm A07 on the baler monitor mean?', 'hf.a07'),
  hf('en-moisture', 'text', 'What moisture content should the hay have for baling?', 'hf.moisture'),
  // not in the manual (nor in the demo manuals)
  none('square', '方捆打捆机的打结器怎么调整？'),
  none('a19', 'What does alarm A19 on the baler monitor mean?'),
  none('wrap-film', 'How many layers of wrap film should silage bales get?'),
];
