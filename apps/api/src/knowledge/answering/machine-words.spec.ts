import { describe, expect, it } from 'vitest';
import { supportingSentences, weighWords, type WeightedWords } from '../retrieval/evidence.js';
import { extractiveAnswer, type AnswerContext } from './extractive-answerer.js';
import type { RetrievedPassage } from '../retrieval/retriever.js';

/**
 * A value question names the machine ("How heavy is the rotary tiller?"): the sentences that name
 * the machine (a checklist, a rule) say nothing of the value; the specification row printing the
 * unit asked for ("整机质量 | 680 kg") is the answer, though it never repeats the machine's name.
 */
const mk = (words: WeightedWords, id: string, section: string, text: string, page: number): RetrievedPassage => ({
  chunkId: id,
  documentId: 'v',
  versionId: 'v',
  title: 'v',
  language: 'zh',
  page,
  pageEnd: page,
  pageLabel: String(page),
  section,
  snippet: '',
  text,
  score: 0,
  coverage: 0.9,
  words,
  support: supportingSentences(words, text, section, [{ page, text }]),
});
const ctxOf = (passages: RetrievedPassage[]): AnswerContext => ({
  labelOf: (_v, p) => String(p),
  sectionOf: (p) => {
    const q = passages.find((x) => x.chunkId === p.chunkId)!;
    return { text: q.text, pages: [{ page: q.page, text: q.text }] };
  },
});

describe('a value question naming the machine', () => {
  it('takes the row printing the unit asked for, not the sentences naming the machine', () => {
    // the weights as the retrieval gives them: the machine's words (a tiller) weigh more than "heavy"
    const words = weighWords(['旋耕机', '整机质量'], new Map([['整机质量', 40]]), 100);
    const check = mk(
      words,
      'check',
      '2.2 挂接前的检查',
      '• 拖拉机动力输出轴转速档位与旋耕机要求一致。\n• 旋耕机各部螺栓无松动。\n• 前轮对地的负荷不少于拖拉机自重的 20 %。',
      5,
    );
    const spec = mk(words, 'spec', '1 主要技术参数', '项目 | 参数\n工作幅宽 | 2300 mm\n整机质量 | 680 kg', 4);
    const passages = [check, spec];
    const a = extractiveAnswer(
      'How heavy is the rotary tiller?',
      { passages, mode: 'lexical', words },
      ctxOf(passages),
    );
    expect(a.found).toBe(true);
    expect(a.answer.split('\n')[1]).toContain('680 kg');
  });

  it('is refused when only the machine’s name is said: an alarm row of the tiller is no tyre pressure of its depth wheels', () => {
    const words = {
      words: ['旋耕机', '轮胎气压', '限深轮'],
      weight: new Map([
        ['旋耕机', 3],
        ['轮胎气压', 2],
        ['限深轮', 2],
      ]),
      total: 7,
    };
    const text = '代码 | 含义 | 处理\nE02 | 耕深低于设定值持续 30 s | 检查限深滑板位置和拖拉机悬挂';
    const alarm = {
      ...mk(words, 'alarm', '5.2 报警代码', text, 9),
      title: '青岭 1GKN-230 卧式旋耕机使用说明书',
      coverage: 0.43,
    };
    const a = extractiveAnswer(
      '旋耕机限深轮的轮胎气压是多少？',
      { passages: [alarm], mode: 'lexical', words },
      ctxOf([alarm]),
    );
    expect(a.found).toBe(false);
  });
});
