import { ATTACHMENT_TYPES_BY_OWNER, type TAttachmentOwnerType } from '@amms/contracts/attachments';
import { AppError } from '../platform/errors/app-error.js';

const WHAT: Record<TAttachmentOwnerType, string> = {
  WORK_ORDER: 'a work order takes photos (JPEG, PNG or WebP)',
  COST_DOCUMENT: 'a cost document takes receipts as images (JPEG, PNG, WebP) or PDF',
};

export const AttachmentErrors = {
  notFound: () => new AppError('NOT_FOUND', 'Attachment not found'),
  ownerNotFound: (owner: TAttachmentOwnerType) =>
    new AppError('NOT_FOUND', owner === 'WORK_ORDER' ? 'Work order not found' : 'Cost document not found'),
  typeNotAllowed: (owner: TAttachmentOwnerType, detected: string | null) =>
    new AppError(
      'FILE_TYPE_NOT_ALLOWED',
      detected === 'image/heic'
        ? `HEIC photos are not accepted yet: ${WHAT[owner]} (set the camera to "most compatible")`
        : `The file's content is not an accepted type: ${WHAT[owner]}`,
      { allowed: [...ATTACHMENT_TYPES_BY_OWNER[owner]], detected },
    ),
  cannotDelete: (owner: TAttachmentOwnerType) =>
    new AppError(
      'FORBIDDEN',
      owner === 'WORK_ORDER'
        ? 'Deleting a work order photo needs workorder.write'
        : 'Deleting a cost document receipt needs cost.write',
    ),
  locked: (owner: TAttachmentOwnerType, status: string) =>
    new AppError(
      'ATTACHMENT_LOCKED',
      owner === 'WORK_ORDER'
        ? `The work order is ${status.toLowerCase()}: its photos can no longer be deleted`
        : 'The cost document is approved: its receipts can no longer be deleted',
      { ownerType: owner, status },
    ),
  imageUnreadable: () =>
    new AppError('IMAGE_UNREADABLE', 'The image could not be decoded (damaged, truncated or too many pixels)'),
};
