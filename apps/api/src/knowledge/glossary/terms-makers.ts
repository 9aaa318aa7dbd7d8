import { entriesOf, type GlossaryEntry } from './glossary-types.js';

/**
 * Makers of agricultural machinery and their Chinese names: a question naming one ("约翰迪尔的拖拉机")
 * is about that maker's machine, whose manual names the maker on its cover in either language.
 * The series names that stand for a maker's machines in China (谷神, 欧豹) are listed with the maker.
 */
export const MAKER_TERMS: GlossaryEntry[] = entriesOf('makers', [
  ['约翰迪尔|约翰·迪尔|迪尔', 'john deere|deere'],
  ['雷沃|福田雷沃|潍柴雷沃', 'lovol|foton lovol'],
  ['谷神', 'gushen'],
  ['欧豹', 'oubao'],
  ['大疆|大疆农业', 'dji|dji agriculture'],
  ['极飞', 'xag|xaircraft'],
  ['凯斯', 'case ih'],
  ['纽荷兰', 'new holland'],
  ['克拉斯|科乐收', 'claas'],
  ['久保田', 'kubota'],
  ['洋马', 'yanmar'],
  ['麦赛弗格森|麦赛福格森', 'massey ferguson'],
  ['芬特', 'fendt'],
  ['道依茨法尔|道依茨', 'deutz-fahr|deutz'],
  ['东方红|一拖', 'yto|dongfanghong'],
  ['霍尔施', 'horsch'],
  ['阿玛松', 'amazone'],
  ['库恩', 'kuhn'],
  ['科罗尼', 'krone'],
  ['沃得', 'world group'],
  ['中联重科|中联', 'zoomlion'],
  ['常发', 'changfa'],
  ['五征', 'wuzheng'],
  ['爱科', 'agco'],
  ['赛迈道依茨', 'same deutz-fahr'],
  ['马恒达', 'mahindra'],
  ['维美德|维创', 'valtra'],
  ['哈迪', 'hardi'],
  ['雷肯', 'lemken'],
  ['格立莫', 'grimme'],
]);
