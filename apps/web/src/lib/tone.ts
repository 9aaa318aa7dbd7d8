/** The colours a status badge comes in (components/ui/badge.tsx draws them; lib/labels.ts maps statuses to them). */
export type Tone = 'neutral' | 'green' | 'blue' | 'amber' | 'red' | 'violet';
