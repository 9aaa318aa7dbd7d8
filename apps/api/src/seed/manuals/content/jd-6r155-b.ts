import type { Chapter, ManualSpec } from '../types.js';
import { JD_CONTROLS, JD_FRONT, JD_OPERATION } from './jd-6r155-a.js';
import { JD_CODES, JD_SPECS } from './jd-6r155-c.js';

// John Deere 6R 155 operator's manual (English), part B: maintenance and troubleshooting (codes and specs: part C).

const MAINTENANCE: Chapter = {
  title: '3 Lubrication and Maintenance',
  blocks: [
    { k: 'h2', text: '3.1 Fuels, lubricants and capacities' },
    {
      k: 'table',
      caption: 'Table 3-1 Capacities',
      cols: ['System', 'Capacity', 'Specification'],
      widths: [3, 2, 5],
      fact: 'jd.capacities',
      rows: [
        {
          cells: ['Engine oil with filter', '19.5 L', 'John Deere Plus-50 II, SAE 10W-30 (15W-40 above -10 °C)'],
          fact: 'jd.cap-engine-oil',
        },
        {
          cells: ['Cooling system', '30 L', 'Cool-Gard II premix, freeze protection to -37 °C'],
          fact: 'jd.cap-coolant',
        },
        { cells: ['Transmission and hydraulic system', '75 L', 'Hy-Gard (JDM J20C)'], fact: 'jd.cap-hyd' },
        { cells: ['Fuel tank', '330 L', 'EN 590 diesel, sulphur below 15 mg/kg'], fact: 'jd.cap-fuel' },
        { cells: ['DEF tank', '47 L', 'ISO 22241 diesel exhaust fluid'], fact: 'jd.cap-def' },
        { cells: ['Front axle (MFWD) housing', '9.5 L', 'GL-5 gear oil 85W-140'], fact: 'jd.cap-axle' },
      ],
    },
    { k: 'h2', text: '3.2 Service intervals' },
    {
      k: 'p',
      text: 'Service the tractor at the hour-meter reading or calendar interval, whichever comes first. Intervals apply to normal conditions; in very dusty conditions clean the air filter and the cooling package daily.',
    },
    {
      k: 'table',
      caption: 'Table 3-2 Maintenance intervals',
      cols: ['Interval', 'Service'],
      widths: [2, 8],
      fact: 'jd.intervals',
      rows: [
        {
          cells: [
            'Every 10 h / daily',
            'Check engine oil, coolant and transmission oil levels; drain water from the fuel pre-filter; check tyres and the cooling package for debris',
          ],
          fact: 'jd.int-10',
        },
        {
          cells: [
            'Every 50 h',
            'Lubricate front axle pivot, three-point hitch and steering cylinder grease fittings; check battery terminals',
          ],
          fact: 'jd.int-50',
        },
        {
          cells: [
            'Every 250 h',
            'Check the serpentine belt and the belt tensioner; clean the cab recirculation filter; check the wheel bolt torque',
          ],
          fact: 'jd.int-250',
        },
        {
          cells: [
            'Every 500 h',
            'Change engine oil and oil filter (Plus-50 II); replace the primary and final fuel filters; replace the crankcase vent filter',
          ],
          fact: 'jd.int-500',
        },
        {
          cells: ['Every 750 h', 'Replace the transmission/hydraulic oil filter; check the front axle oil level'],
          fact: 'jd.int-750',
        },
        {
          cells: [
            'Every 1500 h',
            'Change transmission/hydraulic oil; change front axle and wheel hub oil; replace DEF dosing unit filter; adjust engine valve clearance',
          ],
          fact: 'jd.int-1500',
        },
        {
          cells: [
            'Every 2 years / 4500 h',
            'Replace the coolant (Cool-Gard II); replace the air filter elements even if the indicator has not come on',
          ],
          fact: 'jd.int-2y',
        },
      ],
    },
    { k: 'h2', text: '3.3 Changing the engine oil and filter' },
    {
      k: 'steps',
      fact: 'jd.oil-change',
      items: [
        'Run the engine until the oil is warm, park on level ground and stop the engine.',
        'Remove the drain plug on the left side of the oil pan and let the oil drain completely into a container of at least 25 L.',
        'Turn the filter anticlockwise to remove it. Apply clean oil to the new gasket and tighten by hand until the gasket touches, then a further 3/4 turn.',
        {
          t: 'Install the drain plug with a new sealing ring, torque 70 N·m, and fill 19.5 L through the filler on the right side of the engine.',
          fact: 'jd.drain-torque',
        },
        {
          t: 'Start the engine, check for leaks, stop it, wait ten minutes and check the dipstick: the level must be in the cross-hatched area.',
          fact: 'jd.oil-level',
        },
      ],
    },
    { k: 'h2', text: '3.4 Air filter' },
    {
      k: 'p',
      fact: 'jd.air-filter',
      text: 'Service the primary element only when the restriction indicator comes on or once a year. Blow it out from the inside with compressed air below 210 kPa; replace it after three cleanings or if the paper is damaged. Never clean the secondary (safety) element: replace it with every third primary element.',
    },
    { k: 'h2', text: '3.5 Fuel filters and water separator' },
    {
      k: 'p',
      fact: 'jd.fuel-filter',
      text: 'Drain the water separator daily by opening the valve at the bottom of the pre-filter bowl until clear fuel flows. After replacing the filters, bleed the system with the electric priming pump: switch the key to run for 60 seconds three times without cranking, then start the engine.',
    },
    {
      k: 'scan',
      fact: 'jd.bulletin',
      blocks: [
        { k: 'h3', text: 'SERVICE BULLETIN SB-6R-2025-07' },
        { k: 'p', text: 'Subject: Front axle oil change interval with front loader work' },
        { k: 'p', text: 'Applies to: 6R 145, 6R 155 and 6R 165 tractors with the TLS front axle suspension.' },
        {
          k: 'p',
          text: 'Tractors used for more than half of their hours with a front loader carry high loads on the front axle planetary gears. For these tractors the front axle and wheel hub oil must be changed every 750 hours instead of every 1500 hours.',
        },
        {
          k: 'p',
          text: 'At the same time check the axle breather valve on top of the housing and replace it if it is blocked by dust. A blocked breather pushes oil past the hub seals.',
        },
        { k: 'p', text: 'Use GL-5 gear oil 85W-140, 9.5 litres. Record the change in the service log.' },
        { k: 'p', text: 'Issued by Technical Service, Mannheim, 14 July 2025.' },
      ],
    },
    { k: 'h2', text: '3.6 Cooling package' },
    {
      k: 'p',
      fact: 'jd.cooling-clean',
      text: 'The cooling package stacks the charge air cooler, the hydraulic oil cooler, the condenser and the radiator. Open the side screens and blow chaff and dust out from the engine side towards the front with compressed air. In harvest or baling conditions clean the package at least twice a day.',
    },
    { k: 'h2', text: '3.7 Wheel bolts' },
    {
      k: 'table',
      caption: 'Table 3-3 Wheel bolt torque',
      cols: ['Joint', 'Torque', 'When to check'],
      widths: [4, 2, 4],
      fact: 'jd.torque',
      rows: [
        {
          cells: ['Rear wheel disc to hub (M22)', '550 N·m', 'After 1, 3 and 10 hours, then every 250 h'],
          fact: 'jd.torque-rear',
        },
        {
          cells: ['Front wheel disc to hub (M18)', '300 N·m', 'After 1, 3 and 10 hours, then every 250 h'],
          fact: 'jd.torque-front',
        },
        { cells: ['Rim to disc (M18)', '270 N·m', 'Every time the track width is changed'] },
      ],
    },
  ],
};

const TROUBLE: Chapter = {
  title: '4 Troubleshooting',
  blocks: [
    {
      k: 'p',
      text: 'Most malfunctions have a simple cause. Work through the checks in the order given; if the fault remains, note the trouble codes shown on the display and contact your dealer.',
    },
    { k: 'h2', text: '4.1 Engine overheating', fact: 'jd.overheat' },
    {
      k: 'p',
      fact: 'jd.overheat',
      text: 'The coolant temperature lamp comes on at 110 °C and the engine control unit reduces power above 112 °C to protect the engine. Do not stop a hot engine under load: the temperature in the cylinder head rises further when the coolant stops circulating.',
    },
    {
      k: 'steps',
      fact: 'jd.overheat',
      items: [
        'Reduce the load and let the engine run at 1200 rpm for two minutes so the coolant can carry the heat away; then stop the engine.',
        'Look at the cooling package. Chaff, straw and dust packed between the fins is the most frequent cause; clean it as described in 3.6.',
        'When the engine has cooled, remove the cap of the recovery tank slowly and check the coolant level. Top up with Cool-Gard II premix; never add cold coolant to a hot engine.',
        {
          t: 'Check the fan drive: with the engine stopped, the viscous fan must not turn freely by hand more than one revolution.',
          fact: 'jd.fan',
        },
        'Check the serpentine belt for glazing or cracks and check that the automatic tensioner arm is within the marks.',
        'Look for external leaks at the water pump weep hole, hose clamps and the radiator tanks.',
        {
          t: 'If the coolant level drops but there is no visible leak, or the recovery tank shows bubbles with the engine running, combustion gas may be entering the coolant through the cylinder head gasket; contact your dealer.',
          fact: 'jd.head-gasket',
        },
        {
          t: 'If none of these checks finds the cause, a thermostat that does not open is likely. The thermostats begin to open at 82 °C and are fully open at 94 °C; have them tested.',
          fact: 'jd.thermostat',
        },
      ],
    },
    { k: 'h2', text: '4.2 Loss of hydraulic pressure or slow hydraulics', fact: 'jd.hyd-loss' },
    {
      k: 'p',
      fact: 'jd.hyd-loss',
      text: 'When the hitch lifts slowly, the SCVs lose force or the display reports low charge pressure, work through the following checks.',
    },
    {
      k: 'bullets',
      fact: 'jd.hyd-loss',
      items: [
        'Check the transmission/hydraulic oil level with the hitch lowered and the SCV cylinders retracted. A low level lets the pump draw air, which you hear as a whining noise.',
        'A filter restriction message or a filter older than 750 hours: replace the transmission/hydraulic filter.',
        {
          t: 'Cold oil below 10 °C makes the hydraulics slow. Warm the oil by running at 1500 rpm with an SCV in a loop before working.',
          fact: 'jd.hyd-cold',
        },
        {
          t: 'If only one SCV is weak, swap the couplers with another SCV: if the fault moves, the implement circuit is to blame; if it stays, have the SCV section checked.',
          fact: 'jd.scv-swap',
        },
        {
          t: 'Standby pressure should be 2.4 MPa and maximum pressure 20.5 MPa at the test port; a dealer can measure both.',
          fact: 'jd.hyd-pressure',
        },
      ],
    },
    { k: 'h2', text: '4.3 Engine does not start' },
    {
      k: 'p',
      fact: 'jd.nostart',
      text: 'If the starter does not turn, check the battery voltage (at least 12.4 V), the main fuse and that the transmission lever is in park. If the engine cranks but does not fire, check the fuel level, drain the water separator and bleed the fuel system; a plugged final fuel filter is the most common cause after a tank was filled from a dirty container.',
    },
    { k: 'h2', text: '4.4 PTO does not engage' },
    {
      k: 'p',
      fact: 'jd.pto-fault',
      text: 'The PTO will not engage if the operator is not seated, if engine speed is above 1500 rpm during engagement, or if the PTO switch was left in the on position when the engine was started: move the switch off and on again. A PTO that slips under load points to low clutch pressure.',
    },
  ],
};

export const JD_6R155: ManualSpec = {
  key: 'jd-6r155-operator-en',
  title: "6R 155 Tractor Operator's Manual",
  subtitle: 'John Deere 6R Series, 6R 155 — Operation, lubrication and maintenance',
  language: 'en',
  modelKeys: ['jd-6r155'],
  publication: 'OMRE552211 Issue B6 (EN) — demo edition',
  labelStyle: 'arabic',
  front: JD_FRONT,
  chapters: [JD_CONTROLS, JD_OPERATION, MAINTENANCE, TROUBLE, JD_CODES, JD_SPECS],
};
