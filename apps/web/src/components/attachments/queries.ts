import { ZListAttachmentsResponse, type TAttachmentOwnerType } from '@amms/contracts/attachments';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/** Where an attachment list hangs: its owner's family (a work order's photos refresh with maintenance). */
export const OWNER_FAMILY = { WORK_ORDER: 'maintenance', COST_DOCUMENT: 'costs' } as const;
const OWNER_PATH = { WORK_ORDER: 'work-orders', COST_DOCUMENT: 'cost-documents' } as const;

export const attachmentKeys = {
  list: (orgId: string, owner: TAttachmentOwnerType, ownerId: string) =>
    orgKey(orgId, OWNER_FAMILY[owner], 'attachments', ownerId),
};

export const attachmentsApi = (orgId: string, owner: TAttachmentOwnerType, ownerId: string) =>
  orgApi(orgId, `${OWNER_PATH[owner]}/${seg(ownerId)}/attachments`);

export const attachmentsQuery = (orgId: string, owner: TAttachmentOwnerType, ownerId: string) =>
  queryOptions({
    queryKey: attachmentKeys.list(orgId, owner, ownerId),
    queryFn: ({ signal }) => apiFetch(attachmentsApi(orgId, owner, ownerId), ZListAttachmentsResponse, { signal }),
  });

/** The file through the BFF (the session cookie; the API checks the owner's access again). */
export const attachmentUrl = (orgId: string, id: string, thumbnail = false) =>
  `/api/proxy/${orgApi(orgId, `attachments/${seg(id)}`)}${thumbnail ? '?thumbnail=1' : ''}`;
