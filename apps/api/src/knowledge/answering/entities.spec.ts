import { describe, expect, it } from 'vitest';
import { entitiesOf, mentions } from './entities.js';

describe('entities of a question', () => {
  it('finds tyre sizes, codes, part numbers and model numbers, not quantities', () => {
    expect(entitiesOf('What pressure for 710/70R38 tyres on the 6R 155?')).toEqual([
      { kind: 'tyre', text: '710/70R38' },
      { kind: 'code', text: '6R 155' },
    ]);
    expect(entitiesOf('E22 是什么故障？').map((e) => e.text)).toEqual(['E22']);
    expect(entitiesOf('ECU 000110.16 on the display').map((e) => e.text)).toEqual(['ECU 000110.16']);
    expect(entitiesOf('part 30050 and filter RE504836').map((e) => e.text)).toEqual(['RE504836', '30050']);
    // quantities are not entities (a unit-like prefix such as M22 or H10 is not a code either)
    // a tag or serial whose letters and digits alternate; Chinese around a code bounds it
    expect(entitiesOf('kb847d3417 号液压泵的溢流阀').map((e) => e.text)).toEqual(['kb847d3417']);
    expect(entitiesOf('pump X9K42 and 15W40 oil').map((e) => e.text)).toEqual(['15W40', 'X9K42']);
    // letters, digits, letters (a serial such as AB1234CD, a tag ending in letters) alternate twice too
    expect(entitiesOf('kb531146eb 号液压泵的溢流阀').map((e) => e.text)).toEqual(['kb531146eb']);
    expect(entitiesOf('serial AB1234CD on the plate').map((e) => e.text)).toEqual(['AB1234CD']);
    expect(entitiesOf('H2O, CO2e and 4x4 drive, the 2nd step')).toEqual([]);
    expect(entitiesOf('仪表报E12怎么办？代码30050呢').map((e) => e.text)).toEqual(['E12', '30050']);
    expect(entitiesOf('T50农业无人飞机').map((e) => e.text)).toEqual(['T50']);
    expect(entitiesOf('every 500 h, 210 kPa, 1500 rpm, 19.5 L, M22 bolts at 550 N·m, 12345 km')).toEqual([]);
  });

  it('matches an entity whole, with spacing and case ignored', () => {
    const e22 = { kind: 'code' as const, text: 'E22' };
    expect(mentions('代码 E22 | 升运器堵塞', e22)).toBe(true);
    expect(mentions('E221 | other', e22)).toBe(false);
    expect(mentions('XE22 | other', e22)).toBe(false);
    expect(mentions('E2 | other', { kind: 'code', text: 'E2' })).toBe(true);
    expect(mentions('e22 is shown', e22)).toBe(true);
    expect(mentions('650/65R38 rear | 80', { kind: 'tyre', text: '710/70R38' })).toBe(false);
    expect(mentions('650/65 R38 rear | 80', { kind: 'tyre', text: '650/65R38' })).toBe(true);
    expect(mentions('John Deere 6R155', { kind: 'code', text: '6R 155' })).toBe(true);
    expect(mentions('SPN 1100', { kind: 'code', text: 'SPN 110' })).toBe(false);
  });
});

describe('entity boundaries', () => {
  it('a hyphen separates (L-HM46 names HM46)', () => {
    expect(mentions('L-HM46 抗磨液压油', { kind: 'code', text: 'HM46' })).toBe(true);
  });
});

describe('entities inside table text', () => {
  it('a tyre size right after the previous row is still found', () => {
    const t = 'Tyre size | Field\n540/65R28 front | 100 | 200\n650/65R38 rear | 80';
    expect(mentions(t, { kind: 'tyre', text: '650/65R38' })).toBe(true);
    expect(mentions(t, { kind: 'tyre', text: '710/70R38' })).toBe(false);
  });
});
