import { defineMessages } from '@/i18n/messages';

export const timelineMessages = defineMessages(
  {
    machine: '机具',
    legend: '图例',
    kinds: {
      job: '已排作业',
      maintenance: '维修保养',
      proposed: '草稿建议',
      conflict: '冲突',
      removed: '已移除',
    },
    kindHints: {
      job: '实心绿色',
      maintenance: '琥珀色斜纹',
      proposed: '蓝色虚线框',
      conflict: '红色交叉纹，带“!”',
      removed: '灰色点线框，删除线',
    },
    empty: '这段时间没有安排。',
    noRows: '没有可显示的机具。',
    continuesBefore: '（开始于显示范围之前）',
    continuesAfter: '（延续到显示范围之后）',
    scrollHint: '可左右滑动查看全部日期。',
    barName: '{label}，{range}（{kind}）{clip}',
  },
  {
    machine: 'Machine',
    legend: 'Legend',
    kinds: {
      job: 'Scheduled job',
      maintenance: 'Maintenance',
      proposed: 'Proposed by draft',
      conflict: 'Conflict',
      removed: 'Removed',
    },
    kindHints: {
      job: 'solid green',
      maintenance: 'amber stripes',
      proposed: 'blue dashed outline',
      conflict: 'red cross-hatch with “!”',
      removed: 'grey dotted outline, struck through',
    },
    empty: 'Nothing booked in this period.',
    noRows: 'No machines to show.',
    continuesBefore: ' (starts before the shown range)',
    continuesAfter: ' (continues after the shown range)',
    scrollHint: 'Scroll sideways to see every day.',
    barName: '{label}, {range} ({kind}){clip}',
  },
);
