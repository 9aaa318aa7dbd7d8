import { fold } from '../skills/machine-match.js';
import type { KnownRef } from './names.js';

/**
 * Makes and models said in an avoid / prefer clause ("prefer DJI drones", "优先用大疆",
 * "约翰迪尔的别用", "avoid the S780s") → the known machines whose name carries them. Machine
 * names in a fleet normally start with the make and model ("DJI T50 #01", "约翰迪尔 S780 #02");
 * the words are compared folded (brand names in Chinese map to the catalog's: 大疆 → dji,
 * 约翰迪尔 → johndeere), after kind words (drones, 无人机, combines …) and fillers are taken out.
 * A word of fewer than 2 characters, or one no machine carries, names nothing.
 */
const KIND_OR_FILLER =
  /\b(?:the|a|an|all|any|our|some|machines?|drones?|combines?|harvesters?|tractors?|sprayers?|seeders?|planters?|balers?|ones?|units?|fleet|models?|brand|make)\b|无人机|植保机|收割机|收获机|拖拉机|播种机|喷药机|打捆机|机器|机子|的|那些|这些|那台|这台|所有|全部|品牌|牌子/gi;

export function makeMatches(words: string, assets: readonly KnownRef[]): { word: string; refs: KnownRef[] } | null {
  const word = words.replace(KIND_OR_FILLER, ' ').replace(/\s+/g, ' ').trim();
  const f = fold(word).replace(/s$/, '');
  if (f.length < 2) return null;
  const refs = assets.filter((a) => fold(a.name).includes(f));
  return refs.length ? { word, refs } : null;
}
