'use client';

import { ZPhotoSettings } from '@amms/contracts/attachments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading, QueryError } from '@/components/ui/states';
import { defineMessages, useMessages } from '@/i18n/messages';
import { apiFetch } from '@/lib/api-client';
import { orgApi } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

const photoSettingsMessages = defineMessages(
  {
    title: '照片位置信息',
    label: '保留照片中的拍摄位置（GPS）和相机信息',
    hint: '默认关闭：上传的照片会去除 EXIF 信息，照片不会透露成员在哪里拍摄。开启后只影响之后上传的照片。',
    saved: '已保存。',
  },
  {
    title: 'Photo location',
    label: 'Keep the location (GPS) and camera details in uploaded photos',
    hint: 'Off by default: uploaded photos lose their EXIF, so a photo does not tell where a member took it. Turning it on affects photos uploaded from then on.',
    saved: 'Saved.',
  },
);

const photoSettingsQuery = (orgId: string) =>
  queryOptions({
    queryKey: orgKey(orgId, 'members', 'photo-settings'),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, 'photo-settings'), ZPhotoSettings, { signal }),
  });

/** Owners and admins: whether photos keep their EXIF (PATCH photo-settings, audited by the API). */
export function PhotoSettings({ orgId }: { orgId: string }) {
  const m = useMessages(photoSettingsMessages);
  const qc = useQueryClient();
  const settings = useQuery(photoSettingsQuery(orgId));
  const [saved, setSaved] = useState(false);
  const update = useMutation({
    mutationFn: (keepPhotoLocation: boolean) =>
      apiFetch(orgApi(orgId, 'photo-settings'), ZPhotoSettings, { method: 'PATCH', body: { keepPhotoLocation } }),
    onSuccess: (data) => {
      qc.setQueryData(photoSettingsQuery(orgId).queryKey, data);
      setSaved(true);
    },
  });
  return (
    <Card id="photo-settings" title={m.title}>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <div className="space-y-2">
          <label className="flex min-h-10 items-center gap-3 text-sm font-semibold text-slate-900">
            <input
              type="checkbox"
              className="size-5 accent-emerald-700"
              checked={settings.data.keepPhotoLocation}
              disabled={update.isPending}
              onChange={(e) => {
                setSaved(false);
                update.mutate(e.target.checked);
              }}
            />
            {m.label}
          </label>
          <p className="text-sm text-slate-600">{m.hint}</p>
          <p aria-live="polite" className="text-sm text-emerald-800">
            {saved ? m.saved : ''}
          </p>
          {update.error ? <ErrorAlert error={update.error} /> : null}
        </div>
      )}
    </Card>
  );
}
