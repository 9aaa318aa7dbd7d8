import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';

/**
 * The recognition service's contract: `POST RECOGNITION_URL` with multipart `image` (a JPEG of at
 * most 1024 px, without metadata) → 200 `{ modelVersion, candidates: [{ machineModelId? | label?,
 * confidence }] }`, best first or not (we sort). Anything else, or no answer within
 * RECOGNITION_TIMEOUT_MS, counts as unavailable.
 */
const ZServiceCandidate = z
  .object({
    machineModelId: z.uuid().optional(),
    label: z.string().trim().min(1).max(200).optional(),
    confidence: z.number().min(0).max(1),
  })
  .refine((c) => c.machineModelId !== undefined || c.label !== undefined, 'machineModelId or label');
export const ZServiceAnswer = z.object({
  modelVersion: z.string().trim().min(1).max(100),
  candidates: z.array(ZServiceCandidate).max(50),
});
export type ServiceAnswer = z.infer<typeof ZServiceAnswer>;

export type RecognitionCall =
  { kind: 'NOT_CONFIGURED' } | { kind: 'UNAVAILABLE'; reason: string } | { kind: 'ANSWERED'; answer: ServiceAnswer };

@Injectable()
export class RecognitionClient {
  private readonly log = new Logger('RecognitionClient');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return this.config.recognition.url !== null;
  }

  async recognise(jpeg: Buffer): Promise<RecognitionCall> {
    const { url, timeoutMs } = this.config.recognition;
    if (!url) return { kind: 'NOT_CONFIGURED' };
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    try {
      const res = await fetch(url, {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      if (!res.ok) {
        await res.body?.cancel();
        return this.unavailable(`HTTP ${res.status}`);
      }
      const parsed = ZServiceAnswer.safeParse(await res.json());
      if (!parsed.success) return this.unavailable('the answer does not follow the contract');
      return { kind: 'ANSWERED', answer: parsed.data };
    } catch (err) {
      const name = (err as Error | null)?.name;
      return this.unavailable(name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(err));
    }
  }

  private unavailable(reason: string): RecognitionCall {
    this.log.warn(`recognition service unavailable: ${reason}`);
    return { kind: 'UNAVAILABLE', reason };
  }
}
