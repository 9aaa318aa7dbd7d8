import type { Chapter } from '../types.js';

// Horsch Leeb 6.300 trailed field sprayer, operating instructions (English), part A: safety,
// filling, operation. Another maker and another layout (two columns, a banded header, "Page n"
// footer) than the other demo manuals. Fact ids (lb.*) are what the evaluation questions cite.

export const LB_FRONT: Chapter[] = [
  {
    title: 'About these instructions',
    blocks: [
      {
        k: 'p',
        text: 'These instructions apply to the Leeb 6.300 trailed sprayer with BoomControl Pro and the 6300 litre main tank, from serial number 35LB0001. Keep them with the machine and read them before the first use.',
      },
      {
        k: 'p',
        fact: 'lb.serial',
        text: 'The type plate with the serial number is riveted to the left side of the drawbar frame, next to the parking jack. Quote the serial number and the part number when you order spare parts.',
      },
    ],
  },
  {
    title: 'Safety',
    blocks: [
      {
        k: 'note',
        label: 'DANGER',
        fact: 'lb.tank-entry',
        text: 'Never climb into the main tank, even when it is empty and rinsed: residual vapours can cause unconsciousness within seconds. Clean the tank from outside with the tank rinse nozzles.',
      },
      {
        k: 'p',
        fact: 'lb.ppe',
        text: 'Wear chemical-resistant gloves, a face shield and an apron when you fill the induction hopper or handle concentrate. Keep the clean water tank filled: its 18 L hand-wash tank is for washing hands and eyes only.',
      },
      {
        k: 'note',
        label: 'WARNING',
        fact: 'lb.powerline',
        text: 'Do not fold or unfold the boom under overhead power lines. Keep a distance of at least 5 m from lines up to 110 kV.',
      },
    ],
  },
];

export const LB_MACHINE: Chapter = {
  title: '1 Machine overview',
  blocks: [
    {
      k: 'p',
      text: 'The Leeb 6.300 is a trailed field sprayer with a polyethylene main tank, a 580 L/min piston-diaphragm pump, a central filling and control panel on the left side and a steel boom folded hydraulically in three or five sections.',
    },
    {
      k: 'p',
      fact: 'lb.boomcontrol',
      text: 'BoomControl Pro keeps the boom at the set height above the crop with three ultrasonic sensors and tilts each side independently. The recommended nozzle height is 50 cm above the crop for 110-degree flat-fan nozzles.',
    },
    { k: 'h2', text: '1.1 Control panel' },
    {
      k: 'bullets',
      fact: 'lb.panel',
      items: [
        'Suction valve (green): main tank, rinse water tank or filling connection.',
        'Pressure valve (red): spraying, agitation, induction hopper or internal tank cleaning.',
        'The pressure gauge shows the pump pressure; the working pressure at the nozzles is shown in the terminal.',
      ],
    },
  ],
};

export const LB_OPERATION: Chapter = {
  title: '2 Operation',
  blocks: [
    { k: 'h2', text: '2.1 Filling the main tank' },
    {
      k: 'p',
      fact: 'lb.fill-rate',
      text: 'Fill through the suction connection with the pump at 540 rpm: the tank fills at up to 500 L/min. Never fill directly from a pond or stream without the backflow preventer fitted.',
    },
    {
      k: 'steps',
      fact: 'lb.fill',
      items: [
        'Set the suction valve to the filling connection and the pressure valve to agitation.',
        'Fill the main tank with half of the required water.',
        'Switch on the agitator and add the product through the induction hopper, powders first, then liquids.',
        'Rinse the empty containers with the container rinse nozzle and add the rinse water to the tank.',
        'Top up the tank with water to the required volume; keep the agitator running until the tank is empty.',
      ],
    },
    { k: 'h2', text: '2.2 Folding the boom' },
    {
      k: 'steps',
      fact: 'lb.fold',
      items: [
        'Stop on level ground and switch off the spraying sections.',
        'Raise the boom with the height ram until the transport supports are clear.',
        'Select "Fold" in the terminal and hold the button until both sides rest in the transport supports.',
        'Check that both transport locks have engaged before you drive on the road.',
      ],
    },
    {
      k: 'note',
      label: 'CAUTION',
      fact: 'lb.fold-speed',
      text: 'Do not fold the boom while driving. Fold and unfold only at a standstill; a boom unfolding at speed can hit people or obstacles.',
    },
    { k: 'h2', text: '2.3 Nozzles and application rates' },
    {
      k: 'p',
      text: 'Choose the nozzle from the required rate and the forward speed. The table gives the flow of one nozzle at 3 bar; nozzle spacing is 50 cm.',
    },
    {
      k: 'table',
      caption: 'Table 2-1 Flat-fan nozzles at 3 bar',
      cols: ['Nozzle', 'Part number', 'Flow L/min', 'Rate at 8 km/h L/ha'],
      widths: [2.2, 2.6, 1.7, 2.5],
      fact: 'lb.nozzles',
      rows: [
        { cells: ['110-02 yellow', '00380-4402', '0.80', '120'], fact: 'lb.nozzle-02' },
        { cells: ['110-03 blue', '00380-4403', '1.20', '180'], fact: 'lb.nozzle-03' },
        { cells: ['110-04 red', '00380-4404', '1.60', '240'], fact: 'lb.nozzle-04' },
        { cells: ['110-05 brown', '00380-4405', '2.00', '300'], fact: 'lb.nozzle-05' },
      ],
    },
    {
      k: 'p',
      fact: 'lb.pressure-range',
      text: 'Spray between 1.5 and 5 bar. Below 1.5 bar the spray fan collapses; above 5 bar the share of fine, drift-prone droplets rises sharply.',
    },
    { k: 'h2', text: '2.4 Road travel' },
    {
      k: 'p',
      fact: 'lb.road',
      text: 'The maximum permitted speed on the road is 40 km/h with the boom folded and the main tank empty. With a full tank do not exceed 25 km/h, and lock the steering axle.',
    },
  ],
};
