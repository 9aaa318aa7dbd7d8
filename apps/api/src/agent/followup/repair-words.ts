import type { Lang } from './edit-apply.js';
import type { Repaired } from './edit-repair.js';

/** Why a follow-up changed more than its words said, in the goal's language ("机器那时已有安排，所以也换了机器"). */
const CODE_WORDS: Record<string, { zh: string; en: string }> = {
  MACHINE_BUSY: { zh: '机器那时已有安排', en: 'the machine was booked then' },
  MACHINE_DOUBLE_BOOKED: { zh: '机器与草案里另一项冲突', en: 'the machine clashed with another item' },
  OPERATOR_BUSY: { zh: '机手那时已有安排', en: 'the operator was booked then' },
  OPERATOR_DOUBLE_BOOKED: { zh: '机手与草案里另一项冲突', en: 'the operator clashed with another item' },
  ON_LEAVE: { zh: '机手那天请假', en: 'the operator is on leave that day' },
  OUTSIDE_WORKING_DAY: { zh: '超出了工作时段（日照、休息）', en: 'it ran outside the working day (daylight, break)' },
  OPERATOR_DAY_LIMIT: { zh: '机手当天会超过每日上限', en: "the operator would pass the day's hour limit" },
  NOT_QUALIFIED: { zh: '机手没有这台机器要求的证照', en: 'the operator lacks the licence the machine needs' },
  IMPLEMENT_MISFIT: { zh: '机具与拖拉机不匹配', en: 'the implement does not fit the tractor' },
  MACHINE_NOT_ACTIVE: { zh: '机器不可用（维修中或已停用）', en: 'the machine is out of service' },
  CAPABILITY_MISMATCH: { zh: '机器做不了这项作业', en: 'the machine cannot do the job' },
  UNKNOWN_OPERATOR: { zh: '这个人不是可派的机手', en: 'that person does not run machines' },
};
const MOVED = {
  TIME: { zh: '时间', en: 'the time' },
  MACHINE: { zh: '机器', en: 'the machine' },
  OPERATOR: { zh: '机手', en: 'the operator' },
};

export function repairSentence(r: Repaired, label: string, lang: Lang, asked: boolean): string {
  const zh = lang === 'zh';
  const words = r.moved.map((m) => MOVED[m][lang]);
  const moved =
    words.length > 1
      ? `${words.slice(0, -1).join(zh ? '、' : ', ')}${zh ? '和' : ' and '}${words.at(-1)}`
      : (words[0] ?? '');
  if (asked && r.because.length === 0)
    return zh ? `${label}：按你的要求换了${moved}` : `${label}: ${moved} replaced as you asked`;
  const why = r.because.map((c) => CODE_WORDS[c]?.[lang] ?? c).join(zh ? '、' : ', ');
  return zh
    ? `${label}：原样改会冲突（${why}），所以也调整了${moved}`
    : `${label}: as said it would clash (${why}), so ${moved} changed too`;
}
