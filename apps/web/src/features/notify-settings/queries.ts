import {
  ZListNotificationChannels,
  ZNotificationChannel,
  ZNotificationPreferences,
  ZPushKey,
  ZPushSubscription,
  ZTestNotificationChannelResponse,
  type TCreateNotificationChannel,
  type TUpdateNotificationPreferences,
} from '@amms/contracts/notify-channels';
import { z } from 'zod';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

export const notifyKeys = {
  prefs: (orgId: string) => orgKey(orgId, 'notifications', 'settings'),
  bots: (orgId: string) => orgKey(orgId, 'notifications', 'channels'),
};

export const preferencesQuery = (orgId: string) =>
  queryOptions({
    queryKey: notifyKeys.prefs(orgId),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, 'notification-settings'), ZNotificationPreferences, { signal }),
  });

export const botsQuery = (orgId: string) =>
  queryOptions({
    queryKey: notifyKeys.bots(orgId),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, 'notification-channels'), ZListNotificationChannels, { signal }),
  });

export function useSavePreferences(orgId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateNotificationPreferences) =>
      apiFetch(orgApi(orgId, 'notification-settings'), ZNotificationPreferences, { method: 'PATCH', body }),
    onSuccess: (data) => qc.setQueryData(notifyKeys.prefs(orgId), data),
  });
}

const b64uToBytes = (s: string) => {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(b, (c) => c.charCodeAt(0));
};

/** Permission, the field app's service worker, pushManager.subscribe with the org's VAPID key, then the API. */
export async function subscribeThisDevice(orgId: string): Promise<'ON' | 'DENIED' | 'UNSUPPORTED'> {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window))
    return 'UNSUPPORTED';
  if ((await Notification.requestPermission()) !== 'granted') return 'DENIED';
  const reg =
    (await navigator.serviceWorker.getRegistration('/field')) ??
    (await navigator.serviceWorker.register('/sw.js', { scope: '/field' }));
  const key = await apiFetch(orgApi(orgId, 'notification-settings/push-key'), ZPushKey);
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64uToBytes(key.publicKey) }));
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await apiFetch(orgApi(orgId, 'notification-settings/push-subscriptions'), ZPushSubscription, {
    method: 'POST',
    body: { endpoint: json.endpoint, keys: json.keys },
    idempotencyKey: crypto.randomUUID(),
  });
  return 'ON';
}

export function useBotWrites(orgId: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: notifyKeys.bots(orgId) });
  return {
    add: useMutation({
      mutationFn: (body: TCreateNotificationChannel) =>
        apiFetch(orgApi(orgId, 'notification-channels'), ZNotificationChannel, {
          method: 'POST',
          body,
          idempotencyKey: crypto.randomUUID(),
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiFetch(orgApi(orgId, `notification-channels/${seg(id)}`), z.undefined(), { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: (id: string) =>
        apiFetch(orgApi(orgId, `notification-channels/${seg(id)}/test`), ZTestNotificationChannelResponse, {
          method: 'POST',
          idempotencyKey: crypto.randomUUID(),
        }),
    }),
  };
}
