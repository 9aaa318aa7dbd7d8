/**
 * Sunrise and sunset from the NOAA solar equations (equation of time and declination as
 * Fourier series of the fractional year). No outside service: machines work in daylight, and
 * the scheduler needs it for any date and place. Accurate to about a minute at the latitudes
 * farms are at; the standard refraction-corrected horizon (90.833°).
 */

const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;

export interface SunTimes {
  /** instants (ms); null both when the sun does not rise (polar night) */
  rise: number | null;
  set: number | null;
  /** the sun does not set (polar day) */
  allDay: boolean;
}

/** Sunrise and sunset of the UTC calendar day holding `dayNoonUtc` at the place. */
export function sunTimes(latitude: number, longitude: number, dayNoonUtc: number): SunTimes {
  const date = new Date(dayNoonUtc);
  const y = date.getUTCFullYear();
  const dayOfYear = Math.floor((Date.UTC(y, date.getUTCMonth(), date.getUTCDate()) - Date.UTC(y, 0, 1)) / DAY_MS) + 1;
  const daysInYear = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 366 : 365;
  const g = ((2 * Math.PI) / daysInYear) * (dayOfYear - 1);
  const eqTime =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const lat = latitude * RAD;
  const cosHa = Math.cos(90.833 * RAD) / (Math.cos(lat) * Math.cos(decl)) - Math.tan(lat) * Math.tan(decl);
  if (cosHa > 1) return { rise: null, set: null, allDay: false };
  if (cosHa < -1) return { rise: null, set: null, allDay: true };
  const haDeg = Math.acos(cosHa) / RAD;
  const midnight = Date.UTC(y, date.getUTCMonth(), date.getUTCDate());
  const minutes = (m: number) => midnight + Math.round(m * 60_000);
  return {
    rise: minutes(720 - 4 * (longitude + haDeg) - eqTime),
    set: minutes(720 - 4 * (longitude - haDeg) - eqTime),
    allDay: false,
  };
}
