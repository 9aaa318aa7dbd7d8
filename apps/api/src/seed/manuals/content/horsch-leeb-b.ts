import type { Chapter, ManualSpec } from '../types.js';
import { LB_FRONT, LB_MACHINE, LB_OPERATION } from './horsch-leeb-a.js';

// Horsch Leeb 6.300 trailed sprayer (English), part B: maintenance, faults, alarms, specifications.

const LB_MAINTENANCE: Chapter = {
  title: '3 Maintenance',
  blocks: [
    {
      k: 'p',
      text: 'Maintain the sprayer at the intervals below. Rinse the sprayer before any work on parts that carried spray liquid, and wear gloves.',
    },
    {
      k: 'table',
      caption: 'Table 3-1 Maintenance intervals',
      cols: ['Interval', 'Work'],
      widths: [2.2, 6],
      fact: 'lb.intervals',
      rows: [
        {
          cells: [
            'Daily',
            'Clean the suction filter and the pressure filter; check the nozzle filters; rinse the sprayer',
          ],
          fact: 'lb.int-daily',
        },
        {
          cells: ['Every 50 h', 'Grease the boom pivots and the drawbar; check the pump oil level'],
          fact: 'lb.int-50',
        },
        {
          cells: ['Every 250 h', 'Check the pump diaphragms; replace the pressure filter element'],
          fact: 'lb.int-250',
        },
        {
          cells: ['Every 500 h or yearly', 'Change the pump oil (SAE 20W-30, 1.5 L); have the sprayer inspected'],
          fact: 'lb.int-500',
        },
      ],
    },
    { k: 'h2', text: '3.1 Cleaning the suction filter' },
    {
      k: 'steps',
      fact: 'lb.suction-filter',
      items: [
        'Set the suction valve to the rinse water tank so that the main tank does not drain.',
        'Unscrew the filter cover anticlockwise and pull out the filter insert.',
        'Rinse the insert with clean water and check the seal ring for damage.',
        'Refit the insert and tighten the cover by hand; do not use tools.',
      ],
    },
    { k: 'h2', text: '3.2 Pump oil and diaphragms' },
    {
      k: 'p',
      fact: 'lb.pump-oil',
      text: 'Check the pump oil in the sight glass with the pump stopped: the level must be between the marks. Milky or grey oil means a diaphragm is broken: stop spraying and replace all diaphragms of the pump.',
    },
    {
      k: 'table',
      caption: 'Table 3-2 Spare parts for maintenance',
      cols: ['Part', 'Part number', 'Quantity'],
      widths: [4, 2.6, 1.6],
      fact: 'lb.parts',
      rows: [
        { cells: ['Suction filter insert, 50 mesh', '00310-2215', '1'], fact: 'lb.part-suction' },
        { cells: ['Pressure filter element, 80 mesh', '00310-2240', '1'], fact: 'lb.part-pressure' },
        { cells: ['Pump diaphragm set', '00350-1180', '1 set'], fact: 'lb.part-diaphragm' },
        { cells: ['Nozzle filter, 100 mesh', '00380-1101', 'per nozzle'], fact: 'lb.part-nozzle-filter' },
      ],
    },
    { k: 'h2', text: '3.3 Winter storage' },
    {
      k: 'steps',
      fact: 'lb.winter',
      items: [
        'Clean the sprayer inside and out and drain the main tank and the rinse water tank completely.',
        'Fill 50 L of antifreeze mixture into the rinse water tank and run the pump until it comes out of every nozzle.',
        'Open all drain valves, remove the filter inserts and store them frost-free.',
        'Turn the pump by hand a few turns every month so the diaphragms do not stick.',
      ],
    },
  ],
};

const LB_FAULTS: Chapter = {
  title: '4 Faults and alarms',
  blocks: [
    { k: 'h2', text: '4.1 Uneven spray pattern' },
    {
      k: 'bullets',
      fact: 'lb.uneven',
      items: [
        'Stripes under single nozzles: clean or replace the nozzle and its filter.',
        'Wide stripes on one side: check the boom height and the tilt sensors; the boom must be level.',
        'The whole pattern too narrow: the pressure is below 1.5 bar or the nozzles are worn; compare the flow with a new nozzle.',
      ],
    },
    { k: 'h2', text: '4.2 Pressure drops while spraying' },
    {
      k: 'p',
      fact: 'lb.pressure-drop',
      text: 'A pressure that falls while spraying usually comes from a clogged suction filter or air drawn in at the suction side. Clean the suction filter first, then check the suction hose clamps and the seal of the filter cover.',
    },
    {
      k: 'scan',
      fact: 'lb.bulletin',
      blocks: [
        { k: 'h3', text: 'SERVICE INFORMATION SI-LEEB-2025-11' },
        { k: 'p', text: 'Subject: Boom pivot bushes on Leeb 6.300 sprayers built before March 2025' },
        {
          k: 'p',
          text: 'On sprayers that work many hours on slopes the boom pivot bushes can wear early. Check the play at the boom pivot every 100 hours: more than 3 mm of play at the boom tip means the bushes must be replaced.',
        },
        { k: 'p', text: 'Replacement bush kit part number 00290-7715. Grease the new bushes before fitting.' },
        { k: 'p', text: 'Issued by HORSCH Service, Schwandorf, 3 November 2025.' },
      ],
    },
    { k: 'h2', text: '4.3 Terminal alarms' },
    {
      k: 'table',
      caption: 'Table 4-1 Alarm codes',
      cols: ['Alarm', 'Meaning', 'Remedy'],
      widths: [1.4, 3.2, 4.2],
      fact: 'lb.alarms',
      rows: [
        {
          cells: ['A101', 'Tank level sensor signal missing', 'Check the sensor plug at the tank dome'],
          fact: 'lb.a101',
        },
        {
          cells: ['A204', 'Flow meter pulses implausible', 'Clean the flow meter turbine; calibrate the flow meter'],
          fact: 'lb.a204',
        },
        {
          cells: ['A212', 'Pressure above 8 bar', 'Open the return valve; check for closed section valves'],
          fact: 'lb.a212',
        },
        {
          cells: ['A330', 'Boom height sensor fault', 'Clean the ultrasonic sensor; check its cable'],
          fact: 'lb.a330',
        },
      ],
    },
  ],
};

const LB_SPECS: Chapter = {
  title: '5 Technical data',
  blocks: [
    {
      k: 'table',
      caption: 'Table 5-1 Leeb 6.300',
      cols: ['Item', 'Value'],
      widths: [3.6, 4.6],
      fact: 'lb.specs',
      rows: [
        { cells: ['Main tank nominal volume', '6300 L'], fact: 'lb.spec-tank' },
        { cells: ['Rinse water tank', '580 L'], fact: 'lb.spec-rinse' },
        { cells: ['Boom working width', '24 m to 36 m'], fact: 'lb.spec-boom' },
        { cells: ['Pump delivery', '580 L/min at 540 rpm'], fact: 'lb.spec-pump' },
        { cells: ['Empty weight', '5450 kg'], fact: 'lb.spec-weight' },
        { cells: ['Tyre pressure 520/85R46', '2.4 bar'], fact: 'lb.spec-tyre' },
      ],
    },
  ],
};

export const HORSCH_LEEB: ManualSpec = {
  key: 'horsch-leeb6300-en',
  title: 'Leeb 6.300 Trailed Sprayer Operating Instructions',
  subtitle: 'HORSCH Leeb 6.300 with BoomControl Pro — Operation, maintenance and faults',
  language: 'en',
  modelKeys: ['horsch-leeb6300'],
  publication: 'HORSCH 80620-EN Rev. 03 — demo edition',
  labelStyle: 'arabic',
  layout: { columns: 2, header: 'band' },
  front: LB_FRONT,
  chapters: [LB_MACHINE, LB_OPERATION, LB_MAINTENANCE, LB_FAULTS, LB_SPECS],
};
