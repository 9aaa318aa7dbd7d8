import { defineMessages } from '@/i18n/messages';

/** Strings of the map page's machine track: zh-CN first, English second. */
export const trackMessages = defineMessages(
  {
    title: '机具当日轨迹',
    machine: '机具',
    none: '不显示轨迹',
    hint: '选择一台有车载终端的机具，地图上画出它在所选日期的行驶轨迹；下表是轨迹的文字版本。',
    summary: '{n} 个位置点，{from}–{to}，约 {km} 公里',
    empty: '这一天没有这台机具的位置。',
    truncated: '位置点太多，只列出最新的 {n} 个。',
    time: '时间',
    latitude: '纬度',
    longitude: '经度',
    points: '轨迹点',
  },
  {
    title: "A machine's track for the day",
    machine: 'Machine',
    none: 'No track',
    hint: 'Pick a machine with a telematics terminal: the map draws where it drove on the chosen day; the table below is the track as text.',
    summary: '{n} positions, {from}–{to}, about {km} km',
    empty: 'No positions of this machine on that day.',
    truncated: 'Too many positions: only the newest {n} are listed.',
    time: 'Time',
    latitude: 'Latitude',
    longitude: 'Longitude',
    points: 'Track points',
  },
);
