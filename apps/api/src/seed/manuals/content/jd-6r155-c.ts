import type { Chapter } from '../types.js';

// John Deere 6R 155 operator's manual (English), part C: diagnostic trouble codes and specifications.

export const JD_CODES: Chapter = {
  title: '5 Diagnostic Trouble Codes',
  blocks: [
    {
      k: 'p',
      text: 'Codes are displayed as controller, suspect parameter number (SPN) and failure mode (FMI), for example ECU 000110.16. Only the most frequent codes an operator can act on are listed.',
    },
    {
      k: 'table',
      caption: 'Table 5-1 Trouble codes',
      cols: ['Code', 'Description', 'Likely cause', 'Remedy'],
      widths: [2, 2.6, 2.8, 3.2],
      fact: 'jd.codes',
      rows: [
        {
          cells: [
            'ECU 000100.01',
            'Engine oil pressure extremely low',
            'Low oil level, leak, faulty sender',
            'Stop the engine immediately; check oil level; do not restart until the cause is found',
          ],
          fact: 'jd.code-100-01',
        },
        {
          cells: [
            'ECU 000110.16',
            'Coolant temperature high',
            'Plugged cooling package, low coolant, slipping belt',
            'Follow 4.1 Engine overheating',
          ],
          fact: 'jd.code-110-16',
        },
        {
          cells: [
            'ECU 000110.00',
            'Coolant temperature extremely high',
            'As 110.16; thermostat stuck closed',
            'Engine derates; stop after cool-down and contact dealer',
          ],
          fact: 'jd.code-110-00',
        },
        {
          cells: [
            'ECU 000097.16',
            'Water in fuel',
            'Water separator full',
            'Drain the pre-filter bowl; refuel from a clean source',
          ],
          fact: 'jd.code-97-16',
        },
        {
          cells: [
            'ECU 000107.15',
            'Air filter restriction high',
            'Dirty primary element',
            'Service the air filter (3.4)',
          ],
          fact: 'jd.code-107-15',
        },
        {
          cells: [
            'ECU 001761.01',
            'DEF tank level very low',
            'DEF tank empty',
            'Refill DEF; power returns after refilling',
          ],
          fact: 'jd.code-1761-01',
        },
        {
          cells: [
            'ECU 003364.18',
            'DEF quality poor',
            'Diluted or contaminated DEF',
            'Drain the tank and refill with ISO 22241 DEF',
          ],
          fact: 'jd.code-3364-18',
        },
        {
          cells: [
            'PTI 000127.01',
            'Transmission oil pressure low',
            'Low oil level, plugged filter',
            'Check oil level, replace hydraulic filter',
          ],
          fact: 'jd.code-127-01',
        },
        {
          cells: [
            'HCC 001234.05',
            'Rear hitch position sensor open circuit',
            'Damaged harness or connector',
            'Inspect the sensor on the rock shaft; hitch works only in manual mode',
          ],
          fact: 'jd.code-1234-05',
        },
        {
          cells: [
            'SCU 000168.01',
            'System voltage low',
            'Weak battery, charging fault',
            'Check belt, alternator and battery terminals',
          ],
          fact: 'jd.code-168-01',
        },
      ],
    },
  ],
};

export const JD_SPECS: Chapter = {
  title: '6 Specifications',
  blocks: [
    {
      k: 'table',
      caption: 'Table 6-1 Engine',
      cols: ['Item', 'Value'],
      widths: [4, 6],
      fact: 'jd.spec-engine',
      rows: [
        { cells: ['Engine', 'John Deere PowerTech PVS 6.8 L, 6 cylinders, turbocharged'] },
        { cells: ['Rated power (97/68/EC)', '114 kW (155 hp) at 2100 rpm'], fact: 'jd.spec-power' },
        { cells: ['Maximum power with IPM', '132 kW (180 hp)'], fact: 'jd.spec-ipm' },
        { cells: ['Maximum torque', '730 N·m at 1600 rpm'], fact: 'jd.spec-torque' },
        { cells: ['Emissions', 'EU Stage V / China IV: DOC, DPF and SCR'] },
      ],
    },
    {
      k: 'table',
      caption: 'Table 6-2 Transmission, hydraulics, dimensions',
      cols: ['Item', 'Value'],
      widths: [4, 6],
      fact: 'jd.spec-other',
      rows: [
        {
          cells: ['Transmission', 'AutoQuad Plus 24F/24R or AutoPowr IVT (0.05 to 40 km/h)'],
          fact: 'jd.spec-transmission',
        },
        { cells: ['Hydraulic pump', 'Closed-centre, 155 L/min'] },
        { cells: ['Rear hitch lift capacity', '7850 kg'] },
        { cells: ['Wheelbase', '2765 mm'], fact: 'jd.spec-wheelbase' },
        { cells: ['Shipping weight', '6950 kg; maximum permissible weight 11 500 kg'], fact: 'jd.spec-weight' },
        { cells: ['Turning radius with brakes', '4.9 m'] },
      ],
    },
  ],
};
