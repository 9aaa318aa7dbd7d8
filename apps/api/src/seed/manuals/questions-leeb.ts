import type { QuestionKind, QuestionSpec } from './questions.js';

/**
 * The second evaluation set (bench/knowledge/questions-leeb.json): questions on the Horsch Leeb
 * 6.300 sprayer manual, a maker and a layout (two columns, banded header) the first set does not
 * have. Asked in English and, about the same English manual, in Chinese (cross-language), plus
 * questions no demo manual answers. Paraphrased, never copied from the manual's sentences.
 */
const LB = 'horsch-leeb6300-en';
const lb = (id: string, kind: QuestionKind, q: string, ...facts: string[]): QuestionSpec => ({
  id: `lb-${id}`,
  q,
  kind,
  doc: LB,
  facts,
});
const none = (id: string, q: string): QuestionSpec => ({ id: `lb-none-${id}`, q, kind: 'no-answer' });

export const QUESTIONS_LEEB: QuestionSpec[] = [
  lb('serial', 'text', 'Where is the type plate with the serial number on the sprayer?', 'lb.serial'),
  lb('tank-entry', 'text', 'Can I climb into the empty tank to clean it after rinsing?', 'lb.tank-entry'),
  lb('ppe', 'text', 'What protective gear do I need when I add concentrate to the induction hopper?', 'lb.ppe'),
  lb('powerline', 'text', 'How far from overhead power lines must I stay when folding the boom?', 'lb.powerline'),
  lb('boom-height', 'text', 'How high above the crop should the nozzles be?', 'lb.boomcontrol'),
  lb('fill-rate', 'text', 'How fast does the main tank fill through the suction connection?', 'lb.fill-rate'),
  lb('fill', 'text', 'In what order do I add water and chemicals when mixing a tank load?', 'lb.fill'),
  lb('fold', 'text', 'How do I fold the boom for transport?', 'lb.fold'),
  lb('fold-drive', 'text', 'Is it OK to fold the boom while the tractor is still moving?', 'lb.fold-speed'),
  lb('nozzle-blue', 'table', 'What is the part number of the blue 110-03 nozzle?', 'lb.nozzle-03'),
  lb('nozzle-rate', 'table', 'Which nozzle gives about 240 L/ha at 8 km/h?', 'lb.nozzle-04'),
  lb('pressure-range', 'text', 'Within what pressure range should I spray?', 'lb.pressure-range'),
  lb('road', 'text', 'What is the top road speed with a full tank?', 'lb.road'),
  lb('daily', 'table', 'Which maintenance jobs are due every day?', 'lb.int-daily'),
  lb('pump-oil-int', 'table', 'How often is the pump oil changed, and how much oil goes in?', 'lb.int-500'),
  lb('suction-filter', 'text', 'How do I clean the suction filter?', 'lb.suction-filter'),
  lb('milky-oil', 'text', 'The pump oil looks milky. What does that mean?', 'lb.pump-oil'),
  lb('diaphragm-part', 'table', 'What is the part number of the pump diaphragm set?', 'lb.part-diaphragm'),
  lb('winter', 'text', 'How do I prepare the sprayer for the winter?', 'lb.winter'),
  lb('stripes', 'text', 'There are stripes under single nozzles in the crop. What should I do?', 'lb.uneven'),
  lb('pressure-drop', 'text', 'The pressure keeps falling while I spray. Where do I look first?', 'lb.pressure-drop'),
  lb('a212', 'fault-code', 'The terminal shows alarm A212. What does it mean?', 'lb.a212'),
  lb('a330', 'fault-code', 'How do I fix alarm A330?', 'lb.a330'),
  lb('bush-play', 'ocr', 'How much play at the boom tip means the pivot bushes need replacing?', 'lb.bulletin'),
  lb('tank-volume', 'table', 'What is the nominal volume of the main tank?', 'lb.spec-tank'),
  lb('weight', 'table', 'How heavy is the sprayer when empty?', 'lb.spec-weight'),
  // Chinese questions about the English manual (cross-language)
  lb('zh-fold', 'text', '喷杆怎么折叠到运输状态？', 'lb.fold'),
  lb('zh-a204', 'fault-code', '终端显示 A204 报警是什么意思？', 'lb.a204'),
  lb('zh-suction', 'text', '吸水过滤器怎么清洗？', 'lb.suction-filter'),
  lb('zh-pressure', 'text', '喷雾压力应该在什么范围内？', 'lb.pressure-range'),
  lb('zh-tank', 'table', '主药箱的额定容积是多少升？', 'lb.spec-tank'),
  lb('zh-winter', 'text', '冬季存放前喷雾机要做哪些防冻处理？', 'lb.winter'),
  lb('zh-tyre', 'table', '520/85R46 轮胎气压是多少？', 'lb.spec-tyre'),
  // not in any demo manual
  none('a405', 'What does alarm A405 on the sprayer terminal mean?'),
  none('tyre-380', 'What tyre pressure for 380/90R46 row-crop tyres on the sprayer?'),
  none('drone-link', 'How do I link the sprayer to a DJI drone for spot spraying?'),
  none('zh-nozzle-price', '喷头多少钱一个，在哪里买？'),
  none('section-licence', 'How do I buy the section control licence for the terminal?'),
];
