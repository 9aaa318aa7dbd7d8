import { writeFile } from 'node:fs/promises';

export const HEARTBEAT_EVERY_MS = 5000;

/**
 * The worker has no HTTP port; a container probe checks that this file was written recently
 * (`find FILE -mmin -1`). It is refreshed from a timer, so a blocked event loop or a dead process
 * stops it. Returns the stop function.
 */
export function startHeartbeat(file: string, everyMs = HEARTBEAT_EVERY_MS): () => void {
  const beat = () => writeFile(file, `${new Date().toISOString()}\n`).catch(() => undefined);
  void beat();
  const timer = setInterval(beat, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
