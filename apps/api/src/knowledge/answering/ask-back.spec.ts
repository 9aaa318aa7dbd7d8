import { describe, expect, it } from 'vitest';
import { contentWords, expandQuery } from '../glossary/expansion.js';
import { queryWords, querySearchTokens } from '../../platform/text/segment.js';
import { machineMention, namedManuals, sameMachine, type ManualIdentity } from '../retrieval/machines.js';
import type { Retrieval } from '../retrieval/retriever.js';
import { askBackOf } from './ask-back.js';

const manual = (documentId: string, title: string, cover: string, language: 'zh' | 'en'): ManualIdentity => ({
  documentId,
  title,
  language,
  text: `${title}\n${cover}`,
});
const tractor = manual('t', "6R 155 Tractor Operator's Manual", 'John Deere 6R Series', 'en');
const tractorService = manual('ts', '6R 155 Tractor Service Manual', 'John Deere 6R Series', 'en');
const combine = manual('c', '谷神 GN70 联合收割机使用维护说明书', '雷沃谷神 GN70 自走式谷物联合收割机', 'zh');
const sprayer = manual('s', 'Leeb 6.300 Trailed Sprayer Operating Instructions', 'HORSCH Leeb 6.300', 'en');
const all = [tractor, combine, sprayer];

const named = (q: string, manuals = all) => {
  const words = contentWords(queryWords(q));
  return namedManuals(machineMention(q, expandQuery(q, words, querySearchTokens(q)).groups), manuals);
};

describe('the machine a question names', () => {
  it.each([
    ['拖拉机的节温器在多少度开始打开？', ['t']],
    ['约翰迪尔的机油多久换一次？', ['t']],
    ['What is the wheelbase of the 6R 155?', ['t']],
    ['收割机的机油多久换一次？', ['c']],
    ['How do I fold the boom of the sprayer?', ['s']],
    ['雷沃的机油多久换一次？', ['c']],
    ['机油多久换一次？', []],
  ])('%s → %j', (q, ids) => {
    expect(named(q)).toEqual(ids);
  });

  it('a question naming two machines names the manuals of both (neither is preferred by name)', () => {
    expect(named('Can the combine unload into a trailer while the sprayer waits?').sort()).toEqual(['c', 's']);
    // but a tractor named with an implement is the machine pulling it: the implement is the subject
    expect(named('Can I fold the sprayer boom while the tractor is moving?')).toEqual(['s']);
  });

  const drill = manual('d', 'Falcon AD-400 Air Seed Drill Operator’s Manual', 'Falcon Implements', 'en');
  const baler = manual('b', '9YG-2.2 圆捆打捆机使用说明书', '禾丰 圆捆打捆机', 'zh');
  it.each([
    // the tractor pulls the implement doing the work named: the implement's manual is the subject
    ['播种时拖拉机开多快合适？', ['d']],
    ['How fast should the tractor drive when drilling?', ['d']],
    // no machine named, but work that one kind of machine does: that machine's manual
    ['打捆季节开始前要检查哪些地方？', ['b']],
    ['How deep should I set the coulters when sowing rapeseed?', ['d']],
    // work whose machine the library has no manual for names none; a tractor alone stays the tractor
    ['插秧的时候秧针怎么调？', []],
    ['拖拉机开多快合适？', ['t']],
  ])('%s → %j (the work names the machine)', (q, ids) => {
    expect(named(q, [tractor, combine, sprayer, drill, baler])).toEqual(ids);
  });

  const tiller = manual('r', '青岭 1GKN-230 卧式旋耕机使用说明书', '青岭农业装备有限公司 1GKN-230 旋耕机', 'zh');
  it.each([
    // a tiller named with the tractor pulling it, by any of its names, or by its work
    ['多大马力的拖拉机能带得动这台旋耕机？', ['r']],
    ['What size of tractor do I need to pull the tiller?', ['r']],
    ['How fast should I drive the tractor when tilling?', ['r']],
    ['旋地的时候拖拉机用几挡？', ['r']],
    ['拖拉机的机油多久换一次？', ['t']],
  ])('%s → %j (a tiller behind the tractor)', (q, ids) => {
    expect(named(q, [tractor, combine, drill, tiller])).toEqual(ids);
  });

  it('manuals of one machine are one machine; of two kinds or two models, two', () => {
    expect(sameMachine(tractor, tractorService)).toBe(true);
    expect(sameMachine(tractor, combine)).toBe(false);
    expect(sameMachine(tractor, manual('x', '7R 310 Tractor Operator’s Manual', '', 'en'))).toBe(false);
  });
});

describe('ask back', () => {
  const retrieval = (coverages: [ManualIdentity, number][], extra: Partial<Retrieval> = {}): Retrieval => ({
    passages: [],
    mode: 'lexical',
    words: { words: [], weight: new Map(), total: 0 },
    manuals: coverages.map(([m, coverage]) => ({ ...m, coverage })).sort((a, b) => b.coverage - a.coverage),
    machine: { named: false, preferred: null },
    ...extra,
  });
  /** what a search over manuals of these coverages asks back: found at 0.4, `exact` an identifier in the question */
  const askBack = (coverages: [ManualIdentity, number][], extra: Partial<Retrieval> = {}, exact = false) =>
    askBackOf(retrieval(coverages, extra), 0.4, exact);

  it('offers the manuals of different machines that each answer well', () => {
    const a = askBack([
      [combine, 0.9],
      [tractor, 0.8],
      [sprayer, 0.3],
    ]);
    expect(a?.manuals.map((m) => m.documentId)).toEqual(['c', 't']);
  });

  it('always offers the manual of the machine the question names, first, when it answers at all', () => {
    const baler = manual('b', '9YG-2.2 圆捆打捆机使用说明书', '禾丰 圆捆打捆机', 'zh');
    const a = askBack(
      [
        [tractor, 0.54],
        [sprayer, 0.54],
        [combine, 0.43],
        [baler, 0.37],
      ],
      { machine: { named: true, preferred: null, manuals: ['b'] } },
    );
    expect(a?.manuals.map((m) => m.documentId)).toEqual(['b', 't', 's']);
  });

  it('does not ask when one answers clearly better, when the manuals are one machine’s, or when the caller chose', () => {
    expect(
      askBack([
        [combine, 0.9],
        [tractor, 0.6],
      ]),
    ).toBeNull();
    expect(
      askBack([
        [tractor, 0.9],
        [tractorService, 0.9],
      ]),
    ).toBeNull();
    expect(
      askBack(
        [
          [combine, 0.9],
          [tractor, 0.9],
        ],
        { scoped: true },
      ),
    ).toBeNull();
    expect(
      askBack(
        [
          [combine, 0.9],
          [tractor, 0.9],
        ],
        { machine: { named: true, preferred: ['t'] } },
      ),
    ).toBeNull();
    // a code / tyre size / part number is matched exactly: it says which manual
    expect(
      askBack(
        [
          [combine, 0.9],
          [tractor, 0.9],
        ],
        {},
        true,
      ),
    ).toBeNull();
    // under the found threshold nothing answers well
    expect(
      askBack([
        [combine, 0.35],
        [tractor, 0.35],
      ]),
    ).toBeNull();
  });
});
