import { entriesOf, ofKinds, type GlossaryEntry } from './glossary-types.js';

/**
 * The common implements behind a tractor: seed drills and planters, tillage tools, fertiliser
 * spreaders, and how any specification table states a machine's weights. General vocabulary: the
 * words every operator's manual of the kind prints, in both languages (none is a sentence of a
 * manual of the eval library). The machine kinds 播种机 and 旋耕机 themselves are in terms-work.ts.
 */
export const IMPLEMENT_TERMS: GlossaryEntry[] = [
  ...entriesOf('tillage-seeding', [
    // seed drills and planters
    ['种子', 'seed|seeds'],
    ['种箱|种子箱|种子仓', 'seed hopper|seed tank|seed box|hopper'],
    ['排种|排种轴', 'metering|seed metering|metering shaft'],
    ['排种轮|排种槽轮', 'metering roller|metering rollers|metering wheel|fluted roller'],
    ['开沟器|开沟圆盘', 'coulter|coulters|opener|openers|furrow opener|disc coulter'],
    ['镇压轮|镇压辊', 'press wheel|press wheels|packer wheel|packer|press roller'],
    ['覆土器|覆土耙|覆土', 'covering harrow|following harrow|seed harrow|closing wheel'],
    ['限深轮|仿形轮', 'depth wheel|gauge wheel|depth control wheel'],
    ['地轮|驱动地轮', 'land wheel|ground wheel|ground-drive wheel'],
    ['输种管', 'seed tube|seed tubes|seed hose|delivery hose'],
    ['分配头', 'distribution head|distributor head'],
    ['气力式|气送式|气力输送', 'pneumatic|air-assisted|pneumatic conveying'],
    ['负压|真空|气吸', 'vacuum|negative pressure'],
    ['播深|播种深度', 'sowing depth|seeding depth|drilling depth|seed depth|planting depth'],
    ['作业道|作业道行|拖拉机行走道', 'tramline|tramlines|tramlining'],
    ['作业道节奏|作业道间隔', 'tramline rhythm|tramline interval'],
    ['拌药种子|包衣种子|包衣|拌种|种子处理', 'treated seed|dressed seed|coated seed|seed dressing|seed treatment'],
    ['划行器|标记器|划印器', 'marker|markers|row marker|track marker|bout marker'],
    ['侧翼|机翼|翼部', 'wing|wings|side wing|outer wing'],
    ['刮土板|刮泥板', 'scraper|scrapers'],
    ['校准试验|旋转试验|播量试验', 'calibration test|rotation test|turning test'],
    ['称重|称量', 'weigh|weighing|weighed'],
    ['地头', 'headland|headlands'],
    ['苗床|种床|整地', 'seedbed|seed bed|seedbed preparation'],
    ['出苗', 'emergence|crop emergence'],
    ['漏播|断条', 'missed rows|skips|gaps in the row'],
    // a drill's fault: seed not buried (too little coulter pressure, too fast)
    [
      '露籽|种子外露|覆土不严',
      'seed on the surface|seeds on the surface|seed not covered|uncovered seed|exposed seed',
      '种子露在地面上|种子露在外面|种子露在地表|种子没埋住|种子没盖住',
      'on top of the soil|on top of the ground|lying on top|left on top',
    ],
    ['牵引式', 'trailed|towed|pull-type'],
    ['牵引杆|牵引架|牵引环', 'drawbar|tow bar|drawbar eye|towing eye'],
    ['作业幅宽|工作幅宽', 'working width|work width'],
    // tillage
    ['翻转犁', 'reversible plough|reversible plow'],
    ['犁铧|铧尖', 'ploughshare|plowshare|plough share'],
    ['犁壁|翻土板', 'mouldboard|moldboard'],
    ['深松机|深松铲', 'subsoiler|subsoiler tine|ripper'],
    // a tiller's blades as manuals print them (刀片, 旋耕弯刀), its rotor, skids, board and hood
    ['旋耕刀|旋耕弯刀|弯刀|刀片', 'tiller blade|rotor blade|rotavator blade|l-blade|tiller tine|rotor tine'],
    ['刀辊|刀轴', 'tiller rotor|blade rotor|rotor shaft|blade shaft'],
    ['限深滑板|滑板|限深板', 'depth skid|depth skids|skid|skids|side skid|depth-control skid'],
    ['拖板|后拖板|平土拖板', 'levelling board|leveling board|rear board|trailing board|levelling flap|rear flap'],
    ['挡土罩板|罩板', 'rotor hood|tiller hood|rotor cover|rotor shield'],
    ['中间齿轮箱|侧边齿轮箱|侧齿轮箱', 'central gearbox|centre gearbox|center gearbox|side gearbox|side drive'],
    // ground left high here, low there, furrowed after tilling: an uneven surface
    [
      '起伏不平|高低不平|不平整|地表不平|有沟',
      'uneven|uneven surface|not level|ridges|ridged',
      '高一块低一块|高一块~低一块|坑坑洼洼|一道道沟|一道一道的沟|一条条沟|凹凸不平|不平',
      'up and down|bumpy|furrowed|lumpy',
    ],
    [
      '耕后地表|地表',
      'soil surface|tilled surface|ground surface',
      '旋过的地|耕过的地|旋完的地|旋后的地|耕完的地|耙过的地',
    ],
    ['耙片|圆盘', 'disc|discs|disk|disks|disc blade'],
    ['耙齿|弹齿|松土齿', 'tine|tines|spring tine'],
    // fertiliser spreaders
    ['撒肥机|撒布机|抛撒机', 'fertiliser spreader|fertilizer spreader|broadcast spreader|spinner spreader'],
    ['肥箱|肥料箱', 'fertiliser hopper|fertilizer hopper|fertiliser tank|fertilizer tank'],
    ['排肥器', 'fertiliser meter|fertilizer meter|fertiliser metering unit|fertilizer metering unit'],
    ['排肥量|施肥量|撒肥量', 'fertiliser rate|fertilizer rate|spread rate|spreading rate'],
    ['撒布宽度|撒肥宽度|撒幅', 'spread width|spreading width|spread pattern width'],
    ['撒肥盘|抛撒盘|撒布盘', 'spreading disc|spreading discs|spinning disc|spinner disc|spinner'],
    ['抛撒叶片|撒肥叶片', 'spreading vane|spreading vanes|vane|vanes'],
    ['颗粒肥|颗粒', 'granular fertiliser|granular fertilizer|granules|granular'],
    ['边际撒施|边界撒施', 'border spreading|boundary spreading|headland spreading'],
  ]),
  // on a tiller, the word a mechanic says for any cutting part names the tiller's own (a drone's blade is its propeller)
  ...ofKinds(
    ['旋耕机'],
    entriesOf('tillage-seeding', [
      ['刀片|旋耕刀|旋耕弯刀|弯刀', 'blade|blades|tine|tines|knife|knives'],
      ['刀辊|刀轴', 'rotor|rotors'],
    ]),
  ),
  ...entriesOf('maintenance', [
    // how a specification table states weights: never the one word "weight" (配重's "weights" has it)
    // asked as a mechanic asks it: how heavy it is with nothing in it (空机 alone is running empty, 多重 alone "multiple")
    [
      '空机质量|空机重量|自重|整机质量|整机重量|空载质量',
      'empty weight|unladen mass|unladen weight|tare weight|dry weight|kerb weight',
      '空机有多重|空机多重|空机有多沉|空机多沉|空车有多重|空车多重|空载有多重|空着有多重|空箱有多重|不装东西有多重|不装种子有多重|不装料有多重|不加药有多重',
      // the machine's own weight, asked with nothing else said
      'how heavy|how much does it weigh',
    ],
    ['总质量|满载质量|最大总质量', 'gross weight|gross vehicle weight|total weight|permissible total weight'],
    ['重量', 'machine weight|operating weight|mass', '有多重|有多沉|多沉'],
    ['载重量|额定载重|装载量', 'load capacity|rated load|carrying capacity'],
    // the tractor an implement needs: what can pull or drive it, as a mechanic asks
    [
      '配套拖拉机功率|配套动力|配套功率|所需功率|配套拖拉机',
      'required tractor power|tractor power requirement|power requirement|required power|tractor size',
      '带得动|拉得动|带得了|拉得了|能带动|能带得动|能拉得动|能拉动',
      'to pull it|need to pull|needed to pull|big enough to pull|strong enough to pull|size of tractor',
    ],
  ]),
];
