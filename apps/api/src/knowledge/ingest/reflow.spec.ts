import { describe, expect, it } from 'vitest';
import { analyzeLayout, editionOf, pageNumberIn } from './layout.js';
import type { PageLine } from './pdf-text.js';
import { joinText, reflow } from './reflow.js';

const at = (text: string, top: number, x = 50, size = 10): PageLine => ({ text, size, x, top, pageHeight: 800 });

describe('reflow', () => {
  it('joins CJK without a space, drops a line-end hyphen, keeps sentences and items whole across a page break', () => {
    expect(joinText('应适当降低作业速', '度。')).toBe('应适当降低作业速度。');
    expect(joinText('the main-', 'tenance interval')).toBe('the maintenance interval');
    expect(joinText('Never use starting fluid', '(ether).')).toBe('Never use starting fluid (ether).');
    // a warning box's label on its own line reads as the label of its text, not glued to its first word
    expect(joinText('危险', '割台堵塞时严禁用手清理')).toBe('危险：割台堵塞时严禁用手清理');
    expect(joinText('WARNING', 'Never use starting fluid.')).toBe('WARNING: Never use starting fluid.');
    expect(joinText('注意事项', '每班检查')).toBe('注意事项每班检查');
    const units = reflow(
      [
        {
          page: 1,
          lines: [
            at('WARNING Never use starting', 100),
            at('fluid: it can ignite.', 115),
            at('1. Lower the', 140, 54),
            at('hitch.', 155, 70),
          ],
        },
        { page: 2, lines: [at('2. Stop the engine and wait', 60, 54), at('until it cools.', 75, 70)] },
      ],
      () => false,
    );
    expect(units.map((u) => [u.kind, u.text, u.page, u.pageEnd])).toEqual([
      ['para', 'WARNING Never use starting fluid: it can ignite.', 1, 1],
      ['item', '1. Lower the hitch.', 1, 1],
      ['item', '2. Stop the engine and wait until it cools.', 2, 2],
    ]);
  });

  it('a sentence over a page break keeps both pages; a blank line ends a paragraph', () => {
    const units = reflow(
      [
        { page: 4, lines: [at('Check the belt.', 100), at('Then check the', 140)] },
        { page: 5, lines: [at('fan.', 60)] },
      ],
      () => false,
    );
    expect(units.map((u) => [u.text, u.page, u.pageEnd])).toEqual([
      ['Check the belt.', 4, 4],
      ['Then check the fan.', 4, 5],
    ]);
  });

  it('a step cut at a column break carries on at the top of the next column, never a heading', () => {
    const units = reflow(
      [
        {
          page: 6,
          lines: [
            at('4. Rinse the empty containers with the container', 700, 54),
            at('rinse nozzle and add the rinse water to the', 80, 320),
            at('tank.', 92, 320),
            at('5. Top up the tank with water.', 110, 304),
          ],
        },
      ],
      (l) => l.top === 80,
    );
    expect(units.map((u) => [u.kind, u.text])).toEqual([
      ['item', '4. Rinse the empty containers with the container rinse nozzle and add the rinse water to the tank.'],
      ['item', '5. Top up the tank with water.'],
    ]);
  });

  it('a wrapped step line read at a larger size still carries on (a heading never starts in lower case)', () => {
    const units = reflow(
      [
        {
          page: 6,
          lines: [
            at('4. Rinse the empty containers with the container', 333, 66),
            at('rinse nozzle and add the rinse water to the', 349, 82, 12.5),
            at('tank.', 364, 82),
            at('5. Top up the tank with water.', 382, 66),
          ],
        },
      ],
      (l) => l.size > 11,
    );
    expect(units.map((u) => [u.kind, u.text])).toEqual([
      ['item', '4. Rinse the empty containers with the container rinse nozzle and add the rinse water to the tank.'],
      ['item', '5. Top up the tank with water.'],
    ]);
  });

  it("a paragraph's first line read at the heading's size, right after a heading, is not a heading: the next line carries it on", () => {
    // a two-column page: pdfjs gave the first line of each paragraph the size of the heading above it
    const units = reflow(
      [
        {
          page: 6,
          lines: [
            at('3.3 Headland turns', 354, 62, 12.5),
            at('Raise the drill fully before you turn. The lift sensor', 372, 62, 12.5),
            at('stops the metering drive as soon as the drill is', 388, 62),
            at('raised, so no seed is lost on the headland.', 403, 62),
            at('3.8 Filling the hopper', 243, 309, 12.5),
            at('Fill the hopper from the loading platform or with a', 259, 309, 12.5),
            at('big-bag hoist. Close the lid after filling.', 277, 309),
            at('Calibration', 320, 309, 12.5),
            at('Weigh the seed.', 338, 309),
          ],
        },
      ],
      (l) => l.size > 11,
    );
    expect(units.map((u) => [u.kind, u.text])).toEqual([
      ['heading', '3.3 Headland turns'],
      [
        'para',
        'Raise the drill fully before you turn. The lift sensor stops the metering drive as soon as the drill is raised, so no seed is lost on the headland.',
      ],
      ['heading', '3.8 Filling the hopper'],
      ['para', 'Fill the hopper from the loading platform or with a big-bag hoist. Close the lid after filling.'],
      ['heading', 'Calibration'],
      ['para', 'Weigh the seed.'],
    ]);
  });

  it('puts wrapped cells back into their columns', () => {
    const row = (top: number, runs: [number, string][]): PageLine => ({
      ...at(runs.map((r) => r[1]).join(' '), top, runs[0]![0], 9),
      cells: runs.map(([x, text]) => ({ x, text })),
      runs: runs.map(([x, text]) => ({ x, text })),
    });
    const units = reflow(
      [
        {
          page: 1,
          lines: [
            row(100, [
              [50, 'Code'],
              [120, 'Meaning'],
              [300, 'Remedy'],
            ]),
            row(118, [
              [50, 'E22'],
              [120, 'Elevator'],
              [300, 'Tighten the'],
            ]),
            row(130, [
              [120, 'blocked'],
              [300, 'chain'],
            ]),
            row(148, [
              [50, 'E23'],
              [120, 'Sieve fault'],
              [300, 'Check the belt'],
            ]),
          ],
        },
      ],
      () => false,
    );
    expect(units.map((u) => u.text)).toEqual([
      'Code | Meaning | Remedy',
      'E22 | Elevator blocked | Tighten the chain',
      'E23 | Sieve fault | Check the belt',
    ]);
  });

  it('a warning box printed right under a table ends the table: its label and text are no cell of the last row', () => {
    const row = (top: number, runs: [number, string][]): PageLine => ({
      ...at(runs.map((r) => r[1]).join(' | '), top, runs[0]![0], 9),
      cells: runs.map(([x, text]) => ({ x, text })),
      runs: runs.map(([x, text]) => ({ x, text })),
    });
    // the box is indented: nothing sits under the table's first column, as under a wrapped cell
    const units = reflow(
      [
        {
          page: 1,
          lines: [
            row(324, [
              [65, '项目'],
              [222, '规格'],
              [405, '数值'],
            ]),
            row(414, [
              [65, '侧边齿轮箱润滑油'],
              [222, 'GL-5 85W-90 重负荷齿轮油'],
              [405, '2.2 L'],
            ]),
            row(432, [
              [65, '润滑脂'],
              [222, '2 号锂基润滑脂'],
              [405, '每个注油嘴 3～5 下'],
            ]),
            { ...at('注意', 462, 72, 10), runs: [{ x: 72, text: '注意' }] },
            {
              ...at('刀片固定螺栓是专用的高强度螺栓，自锁螺母拆下后不得重复使用。', 476.5, 72, 9.5),
              runs: [{ x: 72, text: '刀片固定螺栓是专用的高强度螺栓，自锁螺母拆下后不得重复使用。' }],
            },
          ],
        },
      ],
      () => false,
    );
    expect(units.map((u) => u.text)).toEqual([
      '项目 | 规格 | 数值',
      '侧边齿轮箱润滑油 | GL-5 85W-90 重负荷齿轮油 | 2.2 L',
      '润滑脂 | 2 号锂基润滑脂 | 每个注油嘴 3～5 下',
      '注意：刀片固定螺栓是专用的高强度螺栓，自锁螺母拆下后不得重复使用。',
    ]);
  });
});

describe('layout', () => {
  it('finds running headers and footers at the same place, the printed label, the cover and the contents', () => {
    const pages = [1, 2, 3, 4, 5].map((n) => ({
      page: n,
      lines:
        n === 1
          ? [{ ...at('X200 Manual', 60), size: 24 }, at('Edition 3, 2025', 100), at('Demo only.', 120)]
          : n === 2
            ? [at('Contents', 60), ...[1, 2, 3, 4, 5].map((k) => at(`${k} Chapter ${k} | ${k + 2}`, 80 + k * 15))]
            : [
                at(`X200 Manual | Chapter ${n}`, 40, 50, 8),
                at(`${['Oil', 'Fuel', 'Air', 'Tyres', 'Belts'][n - 1]} checks come first.`, 80),
                at(`${['Grease', 'Coolant', 'Brakes', 'Lights', 'Seat'][n - 1]} next.`, 95),
                at(String(n - 2), 780, 290, 8),
              ],
    }));
    const layout = analyzeLayout(pages);
    expect(layout.map((p) => p.role)).toEqual(['cover', 'toc', 'body', 'body', 'body']);
    expect(layout[3]!.head.map((l) => l.text)).toEqual(['X200 Manual | Chapter 4']);
    expect(layout[3]!.body.map((l) => l.text)).toEqual(['Tyres checks come first.', 'Lights next.']);
    expect(layout[3]!.printedLabel).toBe('2');
    expect(pageNumberIn('Page 7 of 20')).toBe('7');
    expect(pageNumberIn('Manual | 3-2')).toBe('3-2');
    expect(editionOf('X200 Manual\nEdition 3, 2025\nDemo only.')).toBe('Edition 3, 2025');
  });
});
