import { describe, expect, it } from 'vitest';
import { queryWords, querySearchTokens } from '../../platform/text/segment.js';
import { coverage, weighWords } from '../retrieval/evidence.js';
import { contentWords, expandQuery, realise, realiseAcross } from './expansion.js';
import { findForms } from './glossary.js';

/**
 * The words of a tillage implement's manual (rotary tiller, power harrow) and of the mechanic
 * using it, in either language: its blades, its gearboxes, the people kept clear, the winter lay-up,
 * and the way a mechanic says a symptom the fault table names otherwise.
 */
const canon = (q: string) => findForms(q).map((m) => m.entry.zh[0]);
function setup(q: string) {
  const words = contentWords(queryWords(q));
  return { ww: weighWords(words, new Map(), 100), exp: expandQuery(q, words, querySearchTokens(q)) };
}
/** how much of the question a passage of a tiller manual (its title, then the text) in either language says */
const TITLE = '青岭 1GKN-230 卧式旋耕机使用说明书\n';
const says = (q: string, body: string) => {
  const text = TITLE + body;
  const { ww, exp } = setup(q);
  const across = /\p{Script=Han}/u.test(q) !== /\p{Script=Han}/u.test(body);
  return coverage(
    across ? realiseAcross(ww, exp.groups, text, /\p{Script=Han}/u.test(q)) : realise(ww, exp.groups, text),
    text,
  );
};

describe('tillage vocabulary', () => {
  it('a blade is the tiller’s blade when the question names a tiller, the drone’s propeller otherwise', () => {
    expect(canon('How do I replace the blades of the rotary tiller?')).toContain('刀片');
    expect(canon('How do I replace the blades of the rotary tiller?')).not.toContain('桨叶');
    expect(canon('How do I replace a broken blade on the drone?')).toContain('桨叶');
    expect(canon('the rotor of the rotavator')).toContain('刀辊');
    expect(canon('the rotor of the combine')).toContain('脱粒滚筒');
    // a manual prints 刀片 / 旋耕弯刀, never the glossary's 旋耕刀 alone
    expect(
      says('What are the steps for replacing worn tiller blades?', '4.4 更换刀片 拆下磨损刀片的固定螺栓和螺母。'),
    ).toBeGreaterThan(0.5);
  });

  it('a tiller is a rotary tiller; bystanders are kept clear', () => {
    expect(canon('Is the tiller working?')).toContain('旋耕机');
    const q = 'How far away do bystanders have to stay while the tiller is working?';
    expect(says(q, '作业时刀片会把石块和土块向后抛出。机具前后 10 m 以内不得有人。')).toBeGreaterThan(0.5);
  });

  it('laying the machine up for the winter is its storage', () => {
    expect(canon('How do I put the rotary tiller away for the winter?')).toContain('存放');
    expect(canon('冬天不用了，旋耕机怎么入库？')).toContain('存放');
    expect(canon('off-season storage')).toContain('存放');
  });

  it('how heavy asks for the machine’s weight, which a table prints as 整机质量', () => {
    expect(says('How heavy is the rotary tiller?', '整机质量 | 680 kg')).toBeGreaterThan(0.5);
  });

  it('a mechanic’s symptom reaches the fault table’s words', () => {
    // a gearbox "too hot to touch" is the row's 齿轮箱过热
    expect(
      says(
        '齿轮箱烫手，一般是什么原因？',
        '故障现象 | 可能原因 | 排除方法\n齿轮箱过热 | 润滑油不足或过多 | 按检油螺塞加油',
      ),
    ).toBeGreaterThan(0.5);
    expect(says('The gearbox gets too hot', '齿轮箱过热 | 润滑油不足或过多')).toBeGreaterThan(0.5);
    // ground left "high here, low there" with furrows is an uneven surface
    const row = '耕后地表起伏不平、有沟 | 刀片装错或缺刀 | 按螺旋线排列补装刀片';
    expect(says('旋过的地高一块低一块，还留下一道道沟，是哪里没弄好？', row)).toBeGreaterThan(0.5);
    // tilling deeper, moving up: the depth and the direction the adjusting sentence prints
    const depth = '耕深由机具两侧的限深滑板控制。松开滑板固定螺栓，把滑板向上移，耕深增加；向下移，耕深减小。';
    expect(says('想让旋耕机耕得深一点，限深滑板该往上调还是往下调？', depth)).toBeGreaterThan(0.5);
  });

  it('a tractor that "can pull it" is the power the implement needs (配套拖拉机功率)', () => {
    const row = '项目 | 参数\n配套拖拉机功率 | 58.8～73.5 kW（80～100 马力）';
    expect(says('多大马力的拖拉机能带得动这台旋耕机？', row)).toBeGreaterThan(0.5);
    expect(says('What size of tractor do I need to pull the rotary tiller?', row)).toBeGreaterThan(0.5);
    // as the segmenter cuts it (多/大马力, 能带/得动): 大马力 says 马力, 能带得动 the power needed
    expect(says('要多大马力的拖拉机？', row)).toBeGreaterThan(0.85);
    expect(says('拖拉机能带得动吗？', row)).toBeGreaterThan(0.85);
  });
});
