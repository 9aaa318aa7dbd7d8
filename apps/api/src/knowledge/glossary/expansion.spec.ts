import { describe, expect, it } from 'vitest';
import { queryWords, querySearchTokens } from '../../platform/text/segment.js';
import { coverage, weighWords } from '../retrieval/evidence.js';
import { EXPANSION_WEIGHT, expandQuery, realise, realiseAcross, saidClose } from './expansion.js';
import { findForms } from './glossary.js';

/** The question's words weighted as if no chunk had any of them (equal idf), and its expansion. */
function setup(q: string) {
  const words = queryWords(q);
  const ww = weighWords(words, new Map(), 100);
  return { ww, exp: expandQuery(q, words, querySearchTokens(q)) };
}

describe('expandQuery', () => {
  it('a Chinese question gains English lexical tokens and the reverse', () => {
    expect(setup('发动机水温过高怎么办').exp.lexicalTokens).toEqual(expect.arrayContaining(['engine', 'overheat']));
    expect(setup('How do I bleed the fuel system?').exp.lexicalTokens).toEqual(
      expect.arrayContaining(['燃油', '排气']),
    );
  });

  it('a colloquial saying gains its canonical term', () => {
    expect(setup('车子开着开着水温就上去了咋整').exp.lexicalTokens).toEqual(expect.arrayContaining(['过高']));
    expect(setup('拖拉机打不着火').exp.lexicalTokens).toEqual(expect.arrayContaining(['启动']));
  });

  it('"how much does it hold" asks for a capacity, in either language', () => {
    expect(setup('How much seed does the drill hopper hold?').exp.lexicalTokens).toEqual(
      expect.arrayContaining(['capacity', '容量']),
    );
    expect(setup('种箱能装多少种子？').exp.lexicalTokens).toEqual(expect.arrayContaining(['capacity']));
  });

  it('the code stage gets the acronyms of the matched entries, not plain words', () => {
    const { exp } = setup('后输出轴怎么接合？尿素用完了会怎样？');
    expect(exp.codeTerms).toEqual(expect.arrayContaining(['PTO', 'DEF']));
    expect(setup('收割机开锅了').exp.codeTerms).toEqual([]);
  });

  it('a question without glossary terms is left as it is', () => {
    const { exp } = setup('GN70 E12');
    expect(exp.groups).toEqual([]);
    expect(exp.lexicalTokens).toEqual([]);
  });
});

describe('realise: the question as a passage says it', () => {
  const en = 'Engine overheating: check the coolant level and clean the radiator core.';
  const zh = '发动机水温过高：检查冷却液液位，清理散热器。';

  it('a Chinese question covers the English passage through the glossary', () => {
    const { ww, exp } = setup('发动机水温过高怎么办');
    expect(coverage(ww, en)).toBe(0);
    const c = coverage(realise(ww, exp.groups, en), en);
    expect(c).toBeGreaterThan(0.6);
    // never more than the question's own words would give
    expect(c).toBeLessThanOrEqual(EXPANSION_WEIGHT + 1e-9);
  });

  it('an English question covers the Chinese passage', () => {
    const { ww, exp } = setup('engine overheating');
    expect(coverage(realise(ww, exp.groups, zh), zh)).toBeGreaterThan(0.6);
  });

  it('a passage in the question’s own words keeps its full coverage (expansion never adds to it)', () => {
    const { ww, exp } = setup('发动机水温过高怎么办');
    expect(coverage(realise(ww, exp.groups, zh), zh)).toBeCloseTo(coverage(ww, zh), 9);
  });

  it('a colloquial question covers the canonical section, below its own words', () => {
    const { ww, exp } = setup('收割机开锅了');
    const text = '联合收割机 5.3 发动机水温过高 检查散热器是否堵塞';
    const c = coverage(realise(ww, exp.groups, text), text);
    expect(c).toBeGreaterThan(coverage(ww, text));
    expect(c).toBeLessThan(1);
  });

  it('an unrelated passage gains nothing', () => {
    const { ww, exp } = setup('发动机水温过高怎么办');
    const text = 'Check the tyre inflation pressure before road transport.';
    expect(coverage(realise(ww, exp.groups, text), text)).toBe(0);
  });
});

describe('realise: a form the segmenter cut into single characters', () => {
  it('is said by its form or its characters close together, not by characters inside unrelated words', () => {
    // 打药 → 打, 药: "打折" and "药渣" say nothing of spraying
    const { ww, exp } = setup('用无人机打药需要什么证件？');
    const apart = '检查管路是否打折、接头是否漏气。检查药箱滤网是否被药渣堵塞。';
    const said = '打药前应确认作业区域。';
    const words = (text: string) => realise(ww, exp.groups, text).words;
    expect(coverage(realise(ww, exp.groups, apart), apart)).toBeLessThan(coverage(ww, apart));
    expect(words(apart)).not.toContain('打');
    expect(coverage(realise(ww, exp.groups, said), said)).toBeCloseTo(coverage(ww, said), 9);
  });

  it('finds characters within a few characters of each other, in any order', () => {
    expect(saidClose('现象：割台不能升降或升降缓慢', ['升', '不'], 6)).toBe(true);
    expect(saidClose('管路是否打折、接头是否漏气；药箱滤网被药渣堵塞', ['打', '药'], 4)).toBe(false);
  });
});

describe('realiseAcross: a passage in the other language', () => {
  const nozzles = 'The table gives the flow of one nozzle at 3 bar; nozzle spacing is 50 cm.';
  const relief = 'The relief valve of pump kb5e1f0a27 opens at 18.5 MPa.';

  it('is excused the question words no glossary entry translates, when it says the rest', () => {
    const { ww, exp } = setup('kb5e1f0a27 号液压泵的溢流阀在多大压力下开启？');
    expect(coverage(realise(ww, exp.groups, relief), relief)).toBeLessThan(0.4);
    expect(coverage(realiseAcross(ww, exp.groups, relief, true), relief)).toBeGreaterThanOrEqual(0.4);
  });

  it('is not excused more than it is shown to say: a price and a purchase stay what the manuals lack', () => {
    const { ww, exp } = setup('喷头多少钱一个，在哪里买？');
    const c = coverage(realiseAcross(ww, exp.groups, nozzles, true), nozzles);
    // only the nozzle is said (one word of three): under the found threshold of 0.4
    expect(c).toBeLessThan(0.4);
    const en = setup('How do I buy the section control licence for the terminal?');
    const zh = '在中国境内从事植保作业，操作人员应持有民用无人驾驶航空器操控员执照或经培训合格。';
    expect(coverage(realiseAcross(en.ww, en.exp.groups, zh, false), zh)).toBeLessThan(0.4);
  });
});

describe('across languages: units, one-character verbs, how a fault shows', () => {
  const across = (q: string, text: string, zh: boolean) => {
    const { ww, exp } = setup(q);
    return coverage(realiseAcross(ww, exp.groups, text, zh), text);
  };

  it('"多少小时换一次" is said by an English interval row: "500 h" says hours, "replace" says 换', () => {
    const row = 'Every 500 h | Change engine oil and oil filter; replace the primary and final fuel filters';
    expect(across('柴油滤清器多少小时换一次？', row, true)).toBeGreaterThan(0.75);
  });

  it('a unit symbol counts only after a number; a one-character verb only as a word of its own', () => {
    const { ww, exp } = setup('多少小时换一次？');
    const said = (t: string) => realise(ww, exp.groups, t).words;
    expect(said('Every 250 h: grease the hitch')).toContain('h');
    expect(said('Check the hitch height')).not.toContain('h');
    expect(findForms('柴油滤清器多少小时换一次？').map((m) => m.entry.zh[0])).toContain('更换');
    expect(findForms('换挡杆在哪里？').map((m) => m.entry.zh[0])).not.toContain('更换');
  });

  it('an English symptom question covers the Chinese sentence that describes it', () => {
    const zh = '割台下降后自行缓慢下沉，通常是割台油缸密封圈或单向阀内泄漏，应更换密封件。';
    expect(
      across('The header drops slowly by itself after it is raised. What is the cause?', zh, false),
    ).toBeGreaterThan(0.5);
  });
});

describe('hay and forage, and how fast the machine works: terms any baler or field manual prints', () => {
  const across = (q: string, text: string) => {
    const { ww, exp } = setup(q);
    return coverage(realiseAcross(ww, exp.groups, text, false), text);
  };

  it('an English baler question covers the Chinese sentence saying it', () => {
    expect(across('How dense should the bales be?', '草捆密度由密度调节阀设定。')).toBeGreaterThan(0.5);
    expect(across('When should I replace the twine knife?', '捆绳切刀变钝后应更换。')).toBeGreaterThan(0.5);
    expect(across('Where is the tailgate sensor?', '后仓门传感器装在左侧仓门铰链旁。')).toBeGreaterThan(0.5);
  });

  it('the other hay tools and a loose bale, in either language', () => {
    const canon = (q: string) => findForms(q).map((m) => m.entry.zh[0]);
    expect(canon('The rake tines are bent')).toContain('搂草机');
    expect(canon('How low can the disc mower cut?')).toContain('割草机');
    expect(canon('The tedder shakes at full PTO speed')).toContain('摊晒机');
    expect(canon('草捆捆不紧是什么原因？')).toContain('松散');
    expect(canon('Why are my bales loose?')).toContain('松散');
  });

  it('"wrap film" is the film of a bale wrapper, not the net wrap of a round baler', () => {
    expect(findForms('how many layers of wrap film').map((m) => m.entry.zh[0])).toEqual(['包膜']);
    expect(findForms('the net wrap tears').map((m) => m.entry.zh[0])).toEqual(['网包']);
  });

  it('车速 (how fast the machine goes) is said by a manual’s 作业速度 or 行驶速度', () => {
    const { ww, exp } = setup('播种时车速多少合适？');
    const text = '播种作业速度一般为 8 ~ 10 km/h。';
    expect(coverage(ww, text)).toBeLessThan(coverage(realise(ww, exp.groups, text), text));
    expect(findForms('车速').map((m) => m.entry.zh[0])).toEqual(['作业速度']);
  });
});

describe('seed drills, tillage tools, spreaders and weights: terms any implement manual prints', () => {
  const across = (q: string, text: string, zh: boolean) => {
    const { ww, exp } = setup(q);
    return coverage(realiseAcross(ww, exp.groups, text, zh), text);
  };
  const canon = (q: string) => findForms(q).map((m) => m.entry.zh[0]);

  it('a Chinese seed-drill question covers the English sentence saying it', () => {
    expect(across('开沟器磨损后怎么办？', 'Replace the coulters when they are worn.', true)).toBeGreaterThan(0.5);
    expect(across('播种深度怎么调整？', 'Adjust the sowing depth with the press wheel.', true)).toBeGreaterThan(0.5);
    expect(across('作业道怎么设置？', 'Set the tramline rhythm on the terminal.', true)).toBeGreaterThan(0.4);
  });

  it('an English question covers the Chinese sentence', () => {
    expect(across('How do I adjust the press wheels?', '镇压轮压力通过弹簧调整。', false)).toBeGreaterThan(0.5);
    expect(across('Check the markers before folding the wings', '折叠侧翼前检查划行器。', false)).toBeGreaterThan(0.5);
  });

  it('the words of seeding, tillage and spreading, in either language', () => {
    expect(canon('拌药种子')).toEqual(['拌药种子']);
    expect(canon('handling dressed seed')).toContain('拌药种子');
    expect(canon('种箱')).toEqual(['种箱']);
    expect(canon('the seed hopper lid')).toContain('种箱');
    expect(canon('条播机的排种轮')).toEqual(expect.arrayContaining(['播种机', '排种轮']));
    expect(canon('深松机的耕深')).toEqual(expect.arrayContaining(['深松机', '耕深']));
    expect(canon('How wide is the spread width of the fertiliser spreader?')).toEqual(
      expect.arrayContaining(['撒肥机', '撒布宽度']),
    );
  });

  it('seed left uncovered on the soil surface, as a drill’s fault table and a mechanic say it', () => {
    const q = 'Seed is left lying on top of the soil. What should I change?';
    const { ww, exp } = setup(q);
    const cover = (row: string) => coverage(realise(ww, exp.groups, row), row);
    const surface = 'Seeds visible on the surface | Coulter pressure too low | Increase the coulter pressure';
    const blocked = 'Blockage alarm on one row | Seed pipe blocked with soil | Clear the pipe';
    expect(cover(surface)).toBeGreaterThan(cover(blocked));
    expect(canon('种子露在地面上是什么原因？')).toContain('露籽');
  });

  it('weights in a specification table; entries that stay distinct', () => {
    expect(canon('空机质量是多少')).toContain('空机质量');
    expect(canon('What is the unladen mass?')).toContain('空机质量');
    // a precision planter is not a seed drill
    expect(canon('气吸式精量播种机的负压应该调到多少？')).toContain('精量播种机');
    expect(canon('气吸式精量播种机的负压应该调到多少？')).not.toContain('播种机');
    expect(canon('What vacuum should the precision planter run at?')).toContain('精量播种机');
    expect(canon('the air seed drill')).toEqual(['播种机']);
    // how fast to drive while working is the working speed; the fastest it can go is the top speed
    expect(canon('播种时拖拉机开多快合适？')).toContain('作业速度');
    expect(canon('播种时拖拉机开多快合适？')).not.toContain('最高车速');
    expect(canon('How fast should the tractor go when sowing?')).toContain('作业速度');
    expect(canon('收割机在公路上转场时最快能开多快？')).toContain('最高车速');
    // how heavy the machine is when empty, as a mechanic asks it
    expect(canon('这台播种机空机有多重？')).toContain('空机质量');
    expect(canon('播种机不装种子有多重？')).toContain('空机质量');
    expect(across('这台播种机空机有多重？', 'Seed drill data: Empty weight | 4850 kg', true)).toBeGreaterThan(0.6);
    // 空机 alone is running empty (空机运转), 多重 alone is "multiple"
    expect(canon('空机运转五分钟')).not.toContain('空机质量');
    expect(canon('多重保护')).not.toContain('重量');
    // a tractor's ballast weights are not the machine's weight; a drone's spreader is not a fertiliser spreader
    expect(canon('How many weights can I fit?')).toContain('配重');
    expect(canon('How many weights can I fit?')).not.toContain('重量');
    expect(canon('the spreader of the drone')).toContain('播撒');
    expect(canon('the fertiliser spreader')).toEqual(['撒肥机']);
  });
});
