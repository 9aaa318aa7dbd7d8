import type { Chapter, ManualSpec } from '../types.js';

// A probe manual for the evaluation only (never seeded): a Chinese round baler of a maker and a
// layout the demo manuals do not have together (Chinese text in two columns under a banded
// header, a safety chapter in prose, troubleshooting written as paragraphs, a lubrication table
// whose intervals are printed as "每 50 h"). The maker is invented; the figures are illustrative.
// Fact ids (hf.*) are what bench/knowledge/questions-probe.json cites.

const FRONT: Chapter[] = [
  {
    title: '安全须知',
    blocks: [
      {
        k: 'note',
        label: '危险',
        fact: 'hf.pickup-danger',
        text: '捡拾器或喂入口堵塞时，严禁在拖拉机动力输出轴转动的情况下用手或脚清理。必须先分离动力输出轴、将发动机熄火并拔下钥匙，等所有部件完全停止转动后再清理。',
      },
      {
        k: 'p',
        fact: 'hf.gate-safety',
        text: '后仓门打开时，任何人不得站在后仓门下方或草捆滚落的方向。在后仓门下方检修前，必须关闭液压油缸上的截止阀，锁住后仓门。',
      },
      {
        k: 'p',
        fact: 'hf.fire',
        text: '作业时草屑会在轴承和链条周围堆积，每天作业结束后用压缩空气吹净。打捆机上应随机携带一只 6 kg 干粉灭火器。',
      },
    ],
  },
];

const MACHINE: Chapter = {
  title: '1 主要技术参数',
  blocks: [
    {
      k: 'table',
      caption: '表 1-1 主要技术参数',
      cols: ['项目', '参数'],
      widths: [3, 4],
      fact: 'hf.specs',
      rows: [
        { cells: ['捡拾宽度', '2200 mm'], fact: 'hf.spec-width' },
        { cells: ['草捆尺寸（直径 × 宽度）', '1250 mm × 1200 mm'], fact: 'hf.spec-bale' },
        { cells: ['配套动力', '≥ 60 kW'], fact: 'hf.spec-power' },
        { cells: ['动力输出轴转速', '540 r/min'], fact: 'hf.spec-pto' },
        { cells: ['整机质量', '2650 kg'], fact: 'hf.spec-mass' },
        { cells: ['轮胎规格 / 气压', '11.5/80-15.3 / 250 kPa'], fact: 'hf.spec-tyre' },
        { cells: ['液压系统压力', '16 MPa'] },
      ],
    },
    {
      k: 'p',
      text: '本机适用于打捆干草、稻草和麦秸，作物含水率应在 15% ~ 25% 之间；含水率过高时草捆容易发霉，过低时叶片损失大。',
      fact: 'hf.moisture',
    },
  ],
};

const OPERATION: Chapter = {
  title: '2 作业',
  blocks: [
    { k: 'h2', text: '2.1 挂接拖拉机' },
    {
      k: 'steps',
      fact: 'hf.hitch',
      items: [
        '将拖拉机倒至牵引环前方，调整牵引环高度，使打捆机机架与地面平行。',
        '插入牵引销并装好锁销，挂上安全链。',
        '连接传动轴前，确认拖拉机动力输出轴转速为 540 r/min，并检查传动轴护罩完好。',
        '连接液压油管和灯光插头，收起支撑脚。',
        '低速接合动力输出轴，空转 2 分钟，确认各部件转动正常后再开始作业。',
      ],
    },
    { k: 'h2', text: '2.2 作业速度' },
    {
      k: 'p',
      fact: 'hf.speed',
      text: '作业速度一般为 6 ~ 12 km/h，草条厚而密时取下限。发动机转速不得低于额定转速，否则捡拾器会堵塞。草条宽度不应超过捡拾宽度。',
    },
    { k: 'h2', text: '2.3 网包' },
    {
      k: 'p',
      fact: 'hf.net',
      text: '草捆达到设定直径后，监视器响起蜂鸣声，此时停车但保持动力输出轴转动，按下网包键，网包 2 ~ 3 圈后自动切断。切网后打开后仓门卸下草捆，关闭后仓门再继续前进。',
    },
    {
      k: 'p',
      fact: 'hf.net-roll',
      text: '更换网卷时必须先分离动力输出轴。一卷网长 3000 m，约可网包 180 个草捆。',
    },
  ],
};

const MAINTENANCE: Chapter = {
  title: '3 保养',
  blocks: [
    {
      k: 'table',
      caption: '表 3-1 润滑与保养周期',
      cols: ['周期', '保养内容'],
      widths: [2, 6],
      fact: 'hf.intervals',
      rows: [
        { cells: ['每 10 h（每天）', '清除草屑；检查链条张紧度；给捡拾器轴承加注润滑脂'], fact: 'hf.int-10' },
        { cells: ['每 50 h', '给传动轴十字轴和伸缩管加注润滑脂；检查齿轮箱油位'], fact: 'hf.int-50' },
        { cells: ['每 500 h 或每年', '更换齿轮箱油（SAE 80W-90，2.5 L）；检查滚筒轴承'], fact: 'hf.int-500' },
      ],
    },
    { k: 'h2', text: '3.1 链条张紧' },
    {
      k: 'p',
      fact: 'hf.chain',
      text: '在链条两链轮中间用手按压，下垂量应为 10 ~ 15 mm。链条过松会跳齿，过紧会加快链轮磨损。新链条工作 5 小时后需重新张紧。',
    },
    { k: 'h2', text: '3.2 季后存放' },
    {
      k: 'steps',
      fact: 'hf.storage',
      items: [
        '彻底清除机器内外的草屑和网屑。',
        '按润滑表给所有润滑点加注润滑脂，链条涂油防锈。',
        '放松捡拾器弹簧，收回液压油缸活塞杆。',
        '将打捆机存放在干燥的库房内，用支架垫起，使轮胎离开地面。',
      ],
    },
  ],
};

const TROUBLE: Chapter = {
  title: '4 故障排除',
  blocks: [
    { k: 'h2', text: '4.1 捡拾器堵塞' },
    {
      k: 'p',
      fact: 'hf.pickup-block',
      text: '捡拾器堵塞通常是草条过大、作业速度过快或捡拾器离地过高造成的。堵塞后立即停车并分离动力输出轴，拔下钥匙后清除堵塞物。降低作业速度，并把捡拾器离地高度调到 20 ~ 30 mm。',
    },
    { k: 'h2', text: '4.2 草捆松散' },
    {
      k: 'p',
      fact: 'hf.loose-bale',
      text: '草捆松散多因草捆密度设定过低或作物过干。将密度调节阀顺时针旋转提高压力，作物过干时在早晨有露水时作业。',
    },
    { k: 'h2', text: '4.3 网包不切断' },
    {
      k: 'p',
      fact: 'hf.net-cut',
      text: '网包后网不切断，一般是切刀变钝或切刀弹簧断裂。更换切刀或弹簧，并检查切刀与对刀板之间的间隙，应为 1 ~ 2 mm。',
    },
    {
      k: 'table',
      caption: '表 4-1 监视器报警代码',
      cols: ['代码', '含义', '处理'],
      widths: [1.2, 3, 4],
      fact: 'hf.codes',
      rows: [
        { cells: ['A01', '后仓门未关闭', '关闭后仓门，检查仓门传感器'], fact: 'hf.a01' },
        { cells: ['A07', '网包电机过载', '检查网卷是否卡住，清理网包机构'], fact: 'hf.a07' },
        { cells: ['A12', '剪切螺栓断裂', '停机更换同规格剪切螺栓（M10 × 60，8.8 级）'], fact: 'hf.a12' },
      ],
    },
  ],
};

export const HEFENG_BALER: ManualSpec = {
  key: 'hefeng-9yg22-baler-zh',
  title: '禾丰 9YG-2.2 圆捆打捆机使用说明书',
  subtitle: '禾丰农机 HF 9YG-2.2 圆捆打捆机',
  language: 'zh',
  modelKeys: [],
  publication: '第 1 版 2026.01（评测用演示内容，非厂家出版物）',
  labelStyle: 'arabic',
  layout: { columns: 2, header: 'band' },
  front: FRONT,
  chapters: [MACHINE, OPERATION, MAINTENANCE, TROUBLE],
};
