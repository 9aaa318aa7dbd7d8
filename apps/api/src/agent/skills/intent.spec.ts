import { describe, expect, it } from 'vitest';
import { classifyIntent, languageOf, metricsOf } from './intent.js';

// Kinds of expression, each with several sayings (zh + en), never one sentence per rule.
const kinds = (intent: string, goals: string[]) => goals.map((g) => [intent, g] as const);

describe('intent classifier: kinds of expression', () => {
  it.each([
    // a symptom: part / system + a bad state
    ...kinds('DIAGNOSE', [
      '约翰迪尔 6R 155 #01 发动机水温过高，帮我安排检修',
      '2号收割机液压没压力了',
      '拖拉机启动不了',
      'T50 喷头堵了',
      '6R 155 变速箱有异响',
      '那台收割机漏油',
    ]),
    ...kinds('DIAGNOSE', [
      'the combine loses hydraulic pressure',
      "tractor #3 won't start",
      'the drone is overheating',
      'JD 6R 155 engine knocking, please schedule a repair',
      'sprayer nozzle clogged',
    ]),
    // a fault code said as one
    ...kinds('DIAGNOSE', [
      'DJI T50 #02 报 E12',
      '雷沃 GN70 显示故障码 E21',
      '6R 155 #01 code P0217',
      'the T50 shows E-12',
      'error code 31 on the combine',
    ]),
    // a business metric
    ...kinds('BUSINESS_QUESTION', [
      '上个月每公顷成本是多少？',
      '二队这周利用率',
      '今年哪些机器故障最多',
      '本月平均故障间隔',
      '这周作业面积多少公顷',
      '今年保养按时率',
    ]),
    ...kinds('BUSINESS_QUESTION', [
      'which machines broke down most this year?',
      'what was our cost per hectare last month',
      'fleet utilization this week',
      'MTBF and MTTR this year',
      'how many hectares did we do last week',
      'total spend this month',
    ]),
    // a question about servicing / operating, no symptom, no metric
    ...kinds('ASK_MANUAL', [
      'T50 喷头多久清洗一次？',
      '6R 155 的液压油用什么型号',
      '怎么调整收割机的割台高度',
      'How often should I change the engine oil on the 6R 155?',
      'what is the tyre pressure for the 6R 155',
      'how do I calibrate the T50 flow meter',
    ]),
    // everything else: the planner's (scheduling, planned maintenance), also when a state word is a constraint
    ...kinds('PLAN', [
      '安排下周的收获作业，避开维修中的机器',
      '明天的植保作业',
      '安排下周作业，避开坏了的机器',
      'plan the maintenance due in the next two weeks',
      'schedule next week’s harvest, avoid broken machines',
      '检修收割机',
    ]),
  ])('%s ← %s', (intent, goal) => {
    expect(classifyIntent(goal).intent).toBe(intent);
  });

  it('reads the fault code as one token (separators dropped, upper case)', () => {
    expect(classifyIntent('DJI T50 #02 报 E12').faultCode).toBe('E12');
    expect(classifyIntent('the T50 shows e-12').faultCode).toBe('E12');
    expect(classifyIntent('6R 155 #01 code P0217').faultCode).toBe('P0217');
    // a machine number is not a code
    expect(classifyIntent('拖拉机 #02 启动不了').faultCode).toBeNull();
  });

  it('answers in the language of the goal', () => {
    expect(classifyIntent('二队这周利用率').language).toBe('zh');
    expect(classifyIntent('fleet utilization this week').language).toBe('en');
  });

  it('an English goal that names a machine or field in Chinese is English; a Chinese goal naming a brand is Chinese', () => {
    expect(languageOf('东岗 2号收割机 engine overheats when loaded')).toBe('en');
    expect(languageOf('What is the MTBF of 东方红 LX1304 this year?')).toBe('en');
    expect(languageOf('plan the harvest of “东岗3号地” next week')).toBe('en');
    expect(languageOf('下周安排收割，避开 John Deere 8R')).toBe('zh');
    expect(languageOf('收割机发动机水温过高 E12')).toBe('zh');
    expect(languageOf('JD 8R E12')).toBe('en');
    expect(classifyIntent('东岗 2号收割机 engine overheats when loaded').language).toBe('en');
  });

  it('names each metric once, in the order said; a word inside a longer metric is not a second one', () => {
    expect(metricsOf('上个月每公顷成本是多少？')).toEqual(['costPerHectare']);
    expect(metricsOf('MTBF and MTTR this year')).toEqual(['mtbf', 'mttr']);
    expect(metricsOf('本月利用率和停机时间')).toEqual(['utilization', 'downtime']);
    expect(metricsOf('安排下周的收获作业')).toEqual([]);
  });
});

// A question for the manual goes to the manual, also when it names a code or a symptom; a fault
// reported, asked about one numbered machine, or with a request to repair stays a diagnosis.
describe('intent classifier: manual questions', () => {
  it.each([
    ...kinds('ASK_MANUAL', [
      '联合收割机发动机水温过高怎么办？',
      'E42 代表什么意思？',
      '故障代码 E27 怎么处理？',
      '提示 40003 应该怎么处理？',
      '割台升不起来或者升得很慢，怎么排查？',
      'GN70 的喂入量是多少？',
      '节温器在多少度开始打开',
      '收割机开锅了咋整',
      '拖拉机打不着火是什么原因？',
      '冬天电池要预热到多少度才能起飞？',
      '粮满报警灯亮了应该怎么处理？',
      '排查收割机故障的一般顺序是什么？',
    ]),
    ...kinds('ASK_MANUAL', [
      'What does trouble code 000110.16 mean?',
      'The display shows ECU 000097.16. What should I do?',
      'My tractor engine is overheating. What should I check?',
      'How do I troubleshoot a nozzle that is not spraying?',
      'What is the wheelbase of the tractor?',
      'How long can I keep cranking the starter',
      'Is it OK to spray starting fluid into the intake on a cold morning?',
      'why does the hitch lift slowly',
    ]),
    ...kinds('DIAGNOSE', [
      'DJI T50 #02 报 E12，怎么办？',
      '2号收割机水温过高，帮我安排检修',
      "tractor #3 won't start, what should I check?",
      'the combine engine is overheating, please schedule a repair',
    ]),
    ...kinds('PLAN', ['明天哪台拖拉机有空？', 'which tractors are available tomorrow?', '下周安排谁去保养收割机？']),
    // what is booked: the calendar answers it after the planner's references (schedule-question.ts)
    ...kinds('PLAN', ['上周那台S780干了什么', 'Who was driving the Lexion last week?', 'what is the T50 doing today?']),
  ])('%s ← %s', (intent, goal) => {
    expect(classifyIntent(goal).intent).toBe(intent);
  });
});
