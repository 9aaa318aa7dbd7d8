/**
 * Fields (parcels), jobs (field operations) and their assignments (machine set + operator
 * for a time slot).
 *
 * Wire formats:
 * - Areas travel as hectares (`areaHa`, at most 4 decimals = 1 m²) and are stored as integer
 *   square metres; responses carry both `areaHa` and `areaM2`.
 * - Hours and liters are JSON numbers with the column's precision (engine hours 1 decimal,
 *   worked hours and liters 2); more precision is refused (400), never rounded silently.
 * - Timestamps are ISO 8601 with an offset; slots and windows are half-open [start, end).
 */

export { ZAreaHa, haToM2, m2ToHa } from './jobs/wire.js';
export * from './jobs/fields.js';
export * from './jobs/lifecycle.js';
export * from './jobs/assignments.js';
export * from './jobs/jobs.js';
export * from './jobs/calendar.js';
