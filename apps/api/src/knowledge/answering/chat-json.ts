import type { AppConfig } from '../../platform/config/config.js';

export type ChatModel = NonNullable<AppConfig['knowledge']['answerModel']>;

/**
 * One JSON-mode chat completion of an OpenAI-compatible model (temperature 0): the parsed JSON
 * of the reply's content. Throws on a transport error, a non-2xx answer or content that is not
 * JSON; the caller validates the shape and decides the fallback.
 */
export async function chatJson(m: ChatModel, system: string, user: string): Promise<unknown> {
  const res = await fetch(`${m.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(m.apiKey ? { authorization: `Bearer ${m.apiKey}` } : {}) },
    body: JSON.stringify({
      model: m.model,
      temperature: 0,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      response_format: { type: 'json_object' },
    }),
    signal: AbortSignal.timeout(m.timeoutMs),
  });
  if (!res.ok) throw new Error(`model answered ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
  return JSON.parse(body.choices?.[0]?.message?.content ?? 'null') as unknown;
}
