import { createHmac } from 'node:crypto';
import type { TBotKind } from '@amms/contracts/notify-channels';

/** What a group is told: a title line, a body and a link into the app (absolute when APP_URL is set). */
export interface BotMessage {
  title: string;
  body: string;
  link: string | null;
}

export interface BotRequest {
  url: string;
  body: string;
}

/**
 * DingTalk custom robot "加签": sign = base64(HMAC-SHA256(key = secret, message = `${timestampMs}\n${secret}`)),
 * sent URL-encoded as `&timestamp=…&sign=…` beside the access_token. DingTalk refuses a timestamp
 * more than an hour off.
 */
export function dingTalkSign(secret: string, timestampMs: number): string {
  return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`, 'utf8').digest('base64');
}

/**
 * Feishu (Lark) custom bot "签名校验": the string `${timestampSeconds}\n${secret}` is the HMAC-SHA256
 * KEY and the message is empty; sign = base64 of that. Sent in the JSON body with the timestamp.
 */
export function feishuSign(secret: string, timestampSeconds: number): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('', 'utf8').digest('base64');
}

function text(m: BotMessage): string {
  return [m.title, m.body, m.link].filter(Boolean).join('\n');
}

function markdown(m: BotMessage): string {
  const title = `**${m.title}**`;
  const link = m.link ? `[${m.link}](${m.link})` : null;
  return [title, m.body, link].filter(Boolean).join('\n\n');
}

/**
 * The request each bot expects. WeCom (企业微信) has no signature: the `key` in its URL is the
 * secret. DingTalk and Feishu sign when the admin turned signing on and gave the secret.
 */
export function botRequest(kind: TBotKind, url: string, secret: string | null, m: BotMessage, now: Date): BotRequest {
  switch (kind) {
    case 'WECOM':
      return {
        url,
        body: JSON.stringify({ msgtype: 'markdown', markdown: { content: markdown(m) } }),
      };
    case 'DINGTALK': {
      const target = new URL(url);
      if (secret) {
        const ts = now.getTime();
        target.searchParams.set('timestamp', String(ts));
        target.searchParams.set('sign', dingTalkSign(secret, ts));
      }
      return {
        url: target.toString(),
        body: JSON.stringify({ msgtype: 'markdown', markdown: { title: m.title, text: markdown(m) } }),
      };
    }
    case 'FEISHU': {
      const ts = Math.floor(now.getTime() / 1000);
      const signed = secret ? { timestamp: String(ts), sign: feishuSign(secret, ts) } : {};
      return { url, body: JSON.stringify({ ...signed, msg_type: 'text', content: { text: text(m) } }) };
    }
  }
}

/**
 * The bots answer HTTP 200 with an error code in the body (a wrong signature, a rate limit): WeCom
 * and DingTalk `errcode`, Feishu `code` (older `StatusCode`). 0 is success; anything else or an
 * unreadable body is a failed attempt.
 */
export function botAccepted(kind: TBotKind, responseBody: string | null): { ok: boolean; error: string | null } {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(responseBody ?? '') as Record<string, unknown>;
  } catch {
    return { ok: false, error: 'the bot answered no JSON' };
  }
  const code = kind === 'FEISHU' ? (parsed.code ?? parsed.StatusCode) : parsed.errcode;
  if (code === 0) return { ok: true, error: null };
  const msg = kind === 'FEISHU' ? (parsed.msg ?? parsed.StatusMessage) : parsed.errmsg;
  return { ok: false, error: `bot error ${String(code)}: ${String(msg ?? '')}`.slice(0, 500) };
}
