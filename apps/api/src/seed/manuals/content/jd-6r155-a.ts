import type { Chapter } from '../types.js';

// John Deere 6R 155 operator's manual (English), part A: front matter, controls, operation.
// Fact ids (jd.*) are what the evaluation questions point at.

export const JD_FRONT: Chapter[] = [
  {
    title: 'Foreword',
    blocks: [
      {
        k: 'p',
        text: 'Read this manual carefully before you start, operate or service the tractor. It explains the controls, daily operation, lubrication and the checks that keep the machine productive. Keep it in the document holder behind the operator seat; it is part of the tractor and must stay with it when the machine is sold.',
      },
      {
        k: 'p',
        fact: 'jd.serial',
        text: 'The product identification number (PIN) is stamped on the right-hand side of the front frame, above the front axle support, and repeated on the plate inside the cab door frame. Quote the complete 17-character PIN when you order parts or ask your dealer about service bulletins.',
      },
      {
        k: 'p',
        text: 'Right-hand and left-hand sides are determined by facing the direction of forward travel. Figures and values in this manual apply to tractors built for the European and Chinese markets from model year 2025; equipment may differ by country.',
      },
      { k: 'h2', text: 'Using this manual' },
      {
        k: 'bullets',
        items: [
          'Section 1 describes the controls and the warning indicators of the CommandCenter display.',
          'Section 2 covers starting, break-in, the PTO, the three-point hitch, selective control valves and road travel.',
          'Section 3 lists fluids, capacities and the service intervals, followed by the step-by-step procedures.',
          'Section 4 helps you find the cause of a malfunction; Section 5 lists the diagnostic trouble codes; Section 6 gives the specifications.',
        ],
      },
    ],
  },
  {
    title: 'Safety',
    blocks: [
      {
        k: 'p',
        text: 'This symbol appears with the signal words DANGER, WARNING and CAUTION. DANGER identifies the most serious hazards; WARNING marks hazards that can cause serious injury; CAUTION reminds you of general safety practices.',
      },
      { k: 'h2', text: 'Rollover protective structure', fact: 'jd.rops' },
      {
        k: 'p',
        fact: 'jd.rops',
        text: 'The cab is a certified rollover protective structure (ROPS). Always fasten the seat belt when the tractor moves. Do not drill, weld or straighten the cab frame: a damaged ROPS must be replaced, never repaired, because its certification no longer applies.',
      },
      { k: 'h2', text: 'Power take-off and driven implements' },
      {
        k: 'p',
        fact: 'jd.pto-safety',
        text: 'Keep the PTO master shield and the implement driveline guards in place. Disengage the PTO, stop the engine and wait until all rotating parts have stopped before you clean, adjust or lubricate a PTO-driven implement. Loose clothing and long hair can be caught in a turning driveline in a fraction of a second.',
      },
      { k: 'h2', text: 'High-pressure fluids' },
      {
        k: 'note',
        label: 'WARNING',
        fact: 'jd.fluid-injection',
        text: 'Hydraulic oil escaping under pressure can penetrate the skin and cause serious injury. Relieve pressure before disconnecting hoses. Search for leaks with a piece of cardboard, never with your hand. If fluid is injected into the skin, it must be surgically removed within a few hours by a doctor familiar with this type of injury.',
      },
      { k: 'h2', text: 'Batteries and electrical system' },
      {
        k: 'p',
        fact: 'jd.battery-safety',
        text: 'Battery gas can explode. Keep sparks and flames away from the batteries and use a flashlight to check electrolyte. Disconnect the negative (-) cable first and reconnect it last. Before welding on the tractor, disconnect both battery cables and the connectors of the engine control unit.',
      },
      { k: 'h2', text: 'Travelling on public roads' },
      {
        k: 'p',
        text: 'Lock the brake pedals together, switch on the beacon and hazard lights required by local regulations, and raise mounted implements into transport position. Check that the width of the tractor and implement is within the legal limit.',
      },
    ],
  },
];

export const JD_CONTROLS: Chapter = {
  title: '1 Controls and Instruments',
  blocks: [
    { k: 'h2', text: '1.1 CommandARM console' },
    {
      k: 'p',
      fact: 'jd.commandarm',
      text: 'The CommandARM console moves with the seat. It carries the hand throttle, the transmission control lever, the hitch control dial, the four selective control valve (SCV) levers and the PTO engagement switch. The hand throttle sets engine speed between 850 rpm (slow idle) and 2100 rpm (fast idle); the set speed is shown on the corner post display.',
    },
    { k: 'h2', text: '1.2 CommandCenter display' },
    {
      k: 'p',
      text: 'The 4600 CommandCenter touch display shows machine settings, performance pages and diagnostic messages. When a fault is detected, a pop-up gives the controller, the code and a short description; the code remains stored in the Diagnostics > Trouble Codes page until it is cleared.',
    },
    { k: 'h2', text: '1.3 Indicator and warning lamps' },
    {
      k: 'table',
      caption: 'Table 1-1 Warning lamps on the corner post',
      cols: ['Lamp', 'Meaning', 'What to do'],
      widths: [2.2, 3.5, 4.3],
      fact: 'jd.lamps',
      rows: [
        {
          cells: [
            'Engine oil pressure (red)',
            'Oil pressure below 70 kPa at idle',
            'Stop the engine at once; check the oil level before restarting',
          ],
          fact: 'jd.lamp-oil',
        },
        {
          cells: [
            'Coolant temperature (red)',
            'Coolant above 110 °C',
            'Reduce load and run at 1200 rpm for two minutes, then see section 4.1',
          ],
          fact: 'jd.lamp-coolant',
        },
        {
          cells: [
            'Air filter restriction (amber)',
            'Intake vacuum above 6.2 kPa',
            'Service the primary element at the end of the day',
          ],
          fact: 'jd.lamp-air',
        },
        {
          cells: [
            'DEF level (amber)',
            'Diesel exhaust fluid tank below 10 %',
            'Refill with ISO 22241 DEF; engine power is reduced when the tank is empty',
          ],
          fact: 'jd.lamp-def',
        },
        {
          cells: [
            'Park brake (red)',
            'Park lock engaged',
            'Release before driving; a buzzer sounds if you drive with it engaged',
          ],
        },
        {
          cells: ['Charging (red)', 'Alternator output below 12.5 V', 'Check the belt and the alternator connections'],
          fact: 'jd.lamp-charge',
        },
        {
          cells: [
            'Hydraulic oil temperature (amber)',
            'Transmission/hydraulic oil above 105 °C',
            'Reduce SCV flow demand and clean the oil cooler',
          ],
          fact: 'jd.lamp-hydtemp',
        },
      ],
    },
    { k: 'h2', text: '1.4 Seat and steering column' },
    {
      k: 'p',
      text: 'Adjust the air-suspended seat to the operator weight with the lever under the front edge of the cushion. The steering column tilts 40 degrees and telescopes 75 mm; press the foot pedal at the base of the column to unlock it.',
    },
  ],
};

export const JD_OPERATION: Chapter = {
  title: '2 Operation',
  blocks: [
    { k: 'h2', text: '2.1 Starting the engine' },
    {
      k: 'steps',
      fact: 'jd.start',
      items: [
        'Sit in the seat and fasten the seat belt; the neutral-start system only allows cranking with the transmission in park.',
        'Turn the key to the run position and wait until the wait-to-start symbol on the display goes out.',
        'Turn the key to start. Do not crank for more than 20 seconds; wait two minutes before the next attempt so the starter can cool.',
        'Run the engine at 1200 rpm without load for at least five minutes before heavy work.',
      ],
    },
    {
      k: 'note',
      label: 'CAUTION',
      fact: 'jd.cold-start',
      text: 'Below -10 °C connect the engine block heater (1000 W, 230 V) for at least two hours before starting. Never use starting fluid (ether): the intake air heater can ignite it and damage the engine.',
    },
    { k: 'h2', text: '2.2 Break-in period' },
    {
      k: 'p',
      fact: 'jd.break-in',
      text: 'During the first 100 hours the engine and transmission wear in. Work the tractor at moderate loads rather than idling for long periods, check the coolant level and the oil level every day, and watch for leaks. Change the engine oil and filter, the transmission/hydraulic oil filter and the final drive oil after the first 100 hours; this service is not repeated later at the same interval.',
    },
    { k: 'h2', text: '2.3 Power take-off (PTO)' },
    {
      k: 'p',
      fact: 'jd.pto-speeds',
      text: 'The rear PTO offers 540, 540E and 1000 rpm. The 540E (economy) setting reaches the standard shaft speed at 1700 engine rpm instead of 2100, which saves fuel with light implements such as sprayers and rakes. Select the speed with the lever on the right-hand rear fender with the engine stopped; the display shows the selected speed.',
    },
    {
      k: 'p',
      fact: 'jd.pto-engage',
      text: 'To engage, reduce engine speed to below 1500 rpm, lift the PTO switch collar and move the switch forward. The soft-start function brings heavy implements up to speed over about three seconds. The PTO disengages automatically if the operator leaves the seat for more than seven seconds.',
    },
    { k: 'h2', text: '2.4 Three-point hitch and draft control' },
    {
      k: 'p',
      fact: 'jd.hitch',
      text: 'The rear hitch is Category 3 with quick-coupler hooks. Lift capacity over the full range is 7850 kg at the lift arm ends. The draft control dial on the CommandARM mixes position and draft sensing: turn it fully anticlockwise for pure position control when using mounted seeders, and towards draft for ploughs and cultivators that should follow the soil resistance.',
    },
    {
      k: 'p',
      text: 'The rate-of-drop knob sets how fast the implement lowers; set it slow enough that a heavy implement does not hit the ground. The height limit knob stops the lift below the PTO shaft when a driveline is connected.',
    },
    { k: 'h2', text: '2.5 Selective control valves' },
    {
      k: 'p',
      fact: 'jd.scv',
      text: 'Each of the four rear SCVs can be set on the display for flow (0 to 100 %), detent release pressure and timed float. For a hydraulic motor, such as a seeder fan, use the continuous-flow detent and set the flow to the motor requirement; excess flow is turned into heat and raises the hydraulic oil temperature. The closed-centre pump delivers up to 155 L/min at rated engine speed.',
    },
    { k: 'h2', text: '2.6 Ballast and tyre pressures' },
    {
      k: 'p',
      fact: 'jd.ballast',
      text: 'Ballast the tractor so that, with the implement raised, at least 20 % of the total weight rests on the front axle. For heavy draft work distribute about 40 % front and 60 % rear. Add front weights (50 kg each, up to 18 weights) before adding rear wheel weights.',
    },
    {
      k: 'table',
      caption: 'Table 2-1 Recommended tyre inflation (kPa)',
      cols: ['Tyre size', 'Field work', 'Road transport 40 km/h', 'With front loader'],
      widths: [3, 2, 2.6, 2.4],
      fact: 'jd.tyres',
      rows: [
        { cells: ['540/65R28 front', '100', '160', '200'], fact: 'jd.tyre-front' },
        { cells: ['650/65R38 rear', '80', '140', '120'], fact: 'jd.tyre-rear' },
        { cells: ['480/70R30 front (option)', '110', '160', '210'] },
        { cells: ['580/70R42 rear (option)', '80', '130', '120'] },
      ],
    },
    { k: 'h2', text: '2.7 Road travel' },
    {
      k: 'p',
      fact: 'jd.road',
      text: 'The maximum road speed is 40 km/h (50 km/h version where permitted). Before driving on the road, lock the brake pedals together, switch the SCVs to lock-out, raise the hitch and set the hitch lock, and check that the trailer brakes are connected. Never coast downhill with the transmission in neutral.',
    },
  ],
};
