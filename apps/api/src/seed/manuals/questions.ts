/**
 * The knowledge evaluation set, authored against the generator's facts: a question
 * names the fact ids that answer it, and the expected physical pages are whatever pages the
 * layout put those facts on (see cli.ts, which writes bench/knowledge/questions.json).
 * Questions paraphrase the manuals instead of copying their sentences.
 */
export type QuestionKind = 'text' | 'table' | 'cross-page' | 'ocr' | 'fault-code' | 'no-answer';

export interface QuestionSpec {
  id: string;
  q: string;
  kind: QuestionKind;
  /** manual key; absent for no-answer questions */
  doc?: string;
  facts?: string[];
}

const QUESTION_KINDS: readonly QuestionKind[] = ['text', 'table', 'cross-page', 'ocr', 'fault-code', 'no-answer'];

/**
 * Questions written as a table, one a line: `id | kind | question | fact ids (space-separated)`.
 * The question's id is `<prefix>-<id>`, its manual `doc`.
 */
export const questionTable = (prefix: string, doc: string, table: string): QuestionSpec[] =>
  table
    .trim()
    .split('\n')
    .map((line) => {
      const [id, kind, q, facts] = line.split(' | ').map((cell) => cell.trim());
      if (!QUESTION_KINDS.includes(kind as QuestionKind) || !q || !facts) throw new Error(`bad question row: ${line}`);
      return { id: `${prefix}-${id}`, q, kind: kind as QuestionKind, doc, facts: facts.split(' ') };
    });

const none = (id: string, q: string): QuestionSpec => ({ id: `none-${id}`, q, kind: 'no-answer' });

export const QUESTIONS: QuestionSpec[] = [
  // ---- John Deere 6R 155 (English)
  ...questionTable(
    'jd',
    'jd-6r155-operator-en',
    `
pin | text | Where do I find the serial number (PIN) of the tractor? | jd.serial
rops | text | The cab frame got bent in an accident. Can it be straightened or welded? | jd.rops
injection | text | What must happen if pressurised hydraulic fluid gets under the skin? | jd.fluid-injection
battery | text | Which battery terminal do I disconnect first, and what before welding on the machine? | jd.battery-safety
lamp-coolant | table | The red coolant temperature light is on. What temperature does it indicate and what should I do? | jd.lamp-coolant
lamp-oil | table | At what oil pressure does the engine oil pressure warning lamp light up? | jd.lamp-oil
lamp-def | table | What happens to engine power when the diesel exhaust fluid runs out? | jd.lamp-def
throttle | text | What engine speed range can be set with the hand throttle? | jd.commandarm
crank | text | How long can I keep cranking the starter, and how long should I wait between attempts? | jd.start
ether | text | Is it OK to spray starting fluid into the intake on a freezing morning? | jd.cold-start
break-in | text | Which oils and filters have to be changed at the end of the break-in period? | jd.break-in
540e | text | What is the advantage of the economy 540E PTO speed? | jd.pto-speeds
pto-engage | text | How do I switch on the rear PTO, and what happens if I get out of the seat? | jd.pto-engage
pto-fault | text | The PTO refuses to engage after I started the engine with the PTO switch already on. Why? | jd.pto-fault
draft | text | How should the draft control dial be set for a mounted seed drill compared with a plough? | jd.hitch
ballast | text | How should the weight be split between front and rear axle for heavy tillage? | jd.ballast
tyre-rear | table | What inflation pressure should the 650/65R38 rear tyres have for road transport? | jd.tyre-rear
road | text | What is the top speed on the road and what has to be checked before leaving the field? | jd.road
oil-grade | table | Which engine oil viscosity is recommended, and what if it is warmer than -10 °C? | jd.cap-engine-oil
def-cap | table | How many litres does the DEF tank hold? | jd.cap-def
fuel-filter-int | table | After how many operating hours are the fuel filters replaced? | jd.int-500
valve-int | table | When is the engine valve clearance adjusted? | jd.int-1500
grease-int | table | How often do the front axle pivot and hitch grease fittings need lubrication? | jd.int-50
coolant-int | table | How often must the coolant be renewed? | jd.int-2y
oil-change | cross-page | Explain the whole engine oil and filter change on the 6R 155, from draining to checking the level. | jd.oil-change
drain-torque | text | What torque does the oil pan drain plug get when refitted? | jd.drain-torque
air-filter | text | How many times may the primary air filter element be cleaned before it is replaced? | jd.air-filter
bleed | text | How is the fuel system bled after a filter change? | jd.fuel-filter
bulletin-axle | ocr | With mostly front loader work, how often does the front axle oil need changing? | jd.bulletin
bulletin-breather | ocr | What problem does a clogged front axle breather cause? | jd.bulletin
radiator-clean | text | How often should I blow out the radiator and coolers during baling? | jd.cooling-clean
wheel-torque | table | What is the tightening torque for the rear wheel disc bolts? | jd.torque-rear
overheat | text | My tractor engine is overheating. What should I check? | jd.overheat
thermostat | text | At what temperature do the engine thermostats start opening? | jd.thermostat
head-gasket | text | Coolant keeps disappearing with no visible leak and there are bubbles in the recovery tank. What does that suggest? | jd.head-gasket
hyd-slow | text | The hitch lifts slowly and the pump makes a whining sound. What could be the cause? | jd.hyd-loss
hyd-pressure | text | What standby and maximum pressure should the hydraulic system show at the test port? | jd.hyd-pressure
scv-weak | text | Only one remote valve is weak. How can I tell whether the implement or the valve is at fault? | jd.scv-swap
nostart | text | The engine turns over but does not fire after filling the tank from a dirty drum. What is the likely cause? | jd.nostart
code-110-16 | fault-code | What does trouble code 000110.16 mean? | jd.code-110-16
code-97-16 | fault-code | The display shows ECU 000097.16. What should I do? | jd.code-97-16
code-3364-18 | fault-code | How do I clear the cause of code 003364.18? | jd.code-3364-18
code-1234-05 | fault-code | HCC 001234.05 is shown: what failed and can I still use the hitch? | jd.code-1234-05
torque | table | How much torque does the 6R 155 engine produce at its peak? | jd.spec-torque
wheelbase | table | What is the wheelbase of the tractor? | jd.spec-wheelbase
`,
  ),

  // ---- 谷神 GN70 联合收割机（中文）
  ...questionTable(
    'gn',
    'lovol-gn70-manual-zh',
    `
nameplate | text | 订配件时要提供的整机出厂编号在机器哪个位置？ | gn.nameplate
safety | text | 清理割台或滚筒之前要先做哪些安全操作？ | gn.safety-work
fire | text | 收割机应该配备几具灭火器，多久检查一次？ | gn.fire
road | text | 收割机在公路上转场时最快能开多快？ | gn.road
power | table | GN70 配的发动机功率有多大？ | gn.spec-power
feed | table | 谷神 GN70 的喂入量是多少？ | gn.spec-feed
tank | table | 粮箱容积多大，卸一箱粮需要多长时间？ | gn.spec-tank
clutch | text | 接合工作离合器时发动机转速应该控制在多少？ | gn.clutch
lamp-oil | table | 机油压力报警灯亮起说明压力低于多少？ | gn.lamp-oil
lamp-grain | table | 粮满报警灯亮了应该怎么处理？ | gn.lamp-grain
stubble | text | 割茬高度留多少合适？麦子倒伏了怎么办？ | gn.header
reel | text | 拨禾轮的转速和前进速度是什么关系？ | gn.header
rice | table | 收水稻时滚筒转速和凹板间隙分别调到多少？ | gn.crop-rice
soy | table | 收大豆时风机转速设为多少？ | gn.crop-soy
fan | text | 清选风量调得太大会出现什么问题？ | gn.cleaning
unload | text | 卸粮的时候搅龙发出咔咔的响声是什么原因？ | gn.unload
daily | table | 每个班次作业前后需要保养哪些项目？ | gn.int-10
oil-int | table | 多少小时更换一次发动机机油和机滤？ | gn.int-250
hyd-int | table | 液压油的更换周期是多长？ | gn.int-1000
season | table | 收获季节结束后收割机应该怎样保养存放？ | gn.int-season
gear-oil | table | 变速箱用什么齿轮油，加注多少升？ | gn.fluid-gear
coolant | table | 冷却系统需要加多少防冻液？ | gn.fluid-coolant
drain-torque | text | 油底壳放油螺塞的拧紧力矩是多少？ | gn.oil-change
belt | text | 怎样判断传动皮带的松紧是否合适？ | gn.belt
bulletin-spring | ocr | 卸粮搅龙安全离合器的弹簧压缩长度应该调整到多少毫米？ | gn.bulletin
bulletin-torque | ocr | 安全离合器调整后打滑扭矩应该在什么范围？ | gn.bulletin
overheat | cross-page | 联合收割机发动机水温过高怎么办？ | gn.overheat gn.overheat-cap
overheat-2 | cross-page | 收割机开锅了，水温表进红区，应该按什么步骤排查？ | gn.overheat gn.overheat-cap
cap | text | 水温很高的时候可以马上打开水箱盖加水吗？ | gn.overheat-cap
thermostat | text | 节温器在多少度开始打开，怎么检查好坏？ | gn.thermostat
gasket | text | 冷却液里有油花、膨胀水箱冒气泡是什么问题？ | gn.head-gasket
hyd | text | 割台升不起来或者升得很慢，怎么排查？ | gn.hyd
hyd-pressure | text | 液压系统和转向系统的压力应该是多少？ | gn.hyd-pressure
hyd-drift | text | 割台升起后自己慢慢往下掉是什么原因？ | gn.hyd-drift
drum | text | 脱粒滚筒堵住了应该怎么清理？ | gn.drum-block
broken | table | 粮食破碎太多，应该怎么调整？ | gn.q-broken
dirty | table | 粮箱里杂质太多怎么办？ | gn.q-dirty
e12 | fault-code | 监视器上出现 E12 是什么故障？ | gn.code-e12
e27 | fault-code | 故障代码 E27 怎么处理？ | gn.code-e27
e31 | fault-code | 屏幕提示 E31，应该怎么办？ | gn.code-e31
e42 | fault-code | E42 代表什么意思？ | gn.code-e42
diag | text | 排查收割机故障的一般顺序是什么？ | gn.diag-order
`,
  ),

  // ---- Agras T50 植保无人机（中文）
  ...questionTable(
    't50',
    'dji-t50-manual-zh',
    `
license | text | 用无人机打药需要什么证件或手续？ | t50.license
wind | text | 风大到什么程度就不能起飞作业了？ | t50.env
chem | text | 配药加药的时候要做哪些防护？ | t50.chem
props | text | 起飞前飞机周围多大范围内不能站人？ | t50.prop-safety
tank | table | T50 喷洒药箱能装多少升？ | t50.spec-tank
payload | table | 播撒作业时最大能载多重？ | t50.spec-payload
droplet | table | 雾滴粒径可以在什么范围内调节？ | t50.spec-droplet
ip | table | 这款无人机的防水防尘等级是多少？ | t50.spec-ip
battery | text | 电池充满电要多久，循环寿命多少次？ | t50.battery
preflight | text | 起飞前要检查哪些地方？ | t50.preflight
pairing | text | 换了新遥控器怎样和飞机对频？ | t50.pairing
flowcal | text | 什么时候需要做流量计校准，怎么做？ | t50.flow-cal
plan | text | 规划地块时，田边要留多少安全距离？ | t50.plan
rice | table | 给水稻打药每亩用多少药液，飞多高？ | t50.param-rice
citrus | table | 柑橘园喷药飞行速度设多少合适？ | t50.param-citrus
corn | table | 玉米中后期喷药的喷幅设多少？ | t50.param-corn
resume | text | 药打完返航了，加满药以后怎样接着上次的位置继续喷？ | t50.resume
spread | text | 播撒物料校准要放多少公斤物料？ | t50.spread
clean | text | 每天干完活怎么清洗药箱和喷头？ | t50.after-work
props-int | table | 桨叶多长时间更换一次？ | t50.int-250
motor-int | table | 电机的更换周期是多少小时？ | t50.int-500
hot-charge | text | 刚飞下来很烫的电池可以马上充电吗？ | t50.battery-care
cold-preheat | ocr | 冬天气温低，电池要预热到多少度才能起飞？ | t50.bulletin
cold-rth | ocr | 低温作业时返航电量阈值要调到多少？ | t50.bulletin
noflow | text | 有一个喷头不出药，应该怎么排查？ | t50.flow-fault
pump | text | 滤网管路都正常，还是不出药，可能是哪个部件坏了？ | t50.pump
motor-hot | text | App 提示电机温度过高怎么处理？ | t50.motor-hot
radar | text | App 显示雷达受遮挡，仿地飞行不稳定怎么办？ | t50.radar
signal | text | 在山坡后面作业遥控信号很差，怎么办？ | t50.signal
c30021 | fault-code | 异常代码 30021 是什么意思？ | t50.code-30021
c40003 | fault-code | 提示 40003 应该怎么处理？ | t50.code-40003
c60008 | fault-code | 出现 60008 报警怎么办？ | t50.code-60008
storage | text | 无人机几个月不用，应该怎样存放？ | t50.storage
`,
  ),

  // ---- not in any demo manual: the answer must say so (found: false)
  none('warranty', 'How long is the factory warranty on the 6R 155, and what does it cover?'),
  none('lexion-tyres', 'What tyre pressure does the Claas Lexion 8700 need on the front axle?'),
  none('tempo', 'How do I calibrate the seed meter of the Väderstad Tempo V 8 planter?'),
  none('price', 'How much does a replacement cab door glass cost?'),
  none('amazone', 'Which nozzle should the Amazone UX 5201 use for glyphosate at 200 L/ha?'),
  none('isobus', 'How do I activate an ISOBUS section control licence on the display?'),
  none('gn-corn', '谷神 GN70 玉米割台的行距是多少？'),
  none('t50-insurance', 'T50 无人机的机身保险怎么购买，赔付范围是什么？'),
  none('lx2204', '东方红 LX2204 拖拉机离合器踏板自由行程是多少？'),
  none('m2204-ac', '雷沃欧豹 M2204 的空调滤芯怎么更换？'),
  none('krone', 'Krone Comprima 打捆机的打结器怎么调整？'),
  none('transplanter', '水稻插秧机的秧针间隙怎么调？'),
];
