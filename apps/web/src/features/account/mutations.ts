'use client';

import type { TChangePasswordRequest } from '@amms/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries';

/** POST /me/password through the BFF; on success the cached `me` (its mustChangePassword flag) is dropped. */
export function useChangePassword(onChanged: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) => apiFetch('me/password', z.undefined(), { method: 'POST', body }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: queryKeys.me });
      onChanged();
    },
  });
}
