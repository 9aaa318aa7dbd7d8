import { z } from 'zod';

/**
 * Attachments: photos on work orders (fault reports), receipts and invoices (image or PDF) on
 * cost documents. Uploads are multipart (`file`), typed by their content (never by name), limited
 * in size; images lose their EXIF / GPS unless the org keeps location, and get a thumbnail.
 */

export const ATTACHMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const ZAttachmentContentType = z.enum(ATTACHMENT_CONTENT_TYPES);
export type TAttachmentContentType = z.infer<typeof ZAttachmentContentType>;

export const ATTACHMENT_OWNER_TYPES = ['WORK_ORDER', 'COST_DOCUMENT'] as const;
export const ZAttachmentOwnerType = z.enum(ATTACHMENT_OWNER_TYPES);
export type TAttachmentOwnerType = z.infer<typeof ZAttachmentOwnerType>;

/** What each owner accepts: photos on work orders, images or PDF on cost documents. */
export const ATTACHMENT_TYPES_BY_OWNER: Readonly<Record<TAttachmentOwnerType, readonly TAttachmentContentType[]>> = {
  WORK_ORDER: ['image/jpeg', 'image/png', 'image/webp'],
  COST_DOCUMENT: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
};

export const ZAttachment = z.object({
  id: z.uuid(),
  ownerType: ZAttachmentOwnerType,
  ownerId: z.uuid(),
  fileName: z.string(),
  contentType: ZAttachmentContentType,
  sizeBytes: z.number().int(),
  /** sha256 of the stored bytes (after EXIF stripping) */
  sha256: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** images only: `GET /attachments/:id?thumbnail=1` answers a JPEG of at most 320 px */
  hasThumbnail: z.boolean(),
  /** true when the image kept its EXIF (GPS included) because the org keeps location */
  locationKept: z.boolean(),
  createdByUserId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type TAttachment = z.infer<typeof ZAttachment>;

export const ZListAttachmentsResponse = z.object({ items: z.array(ZAttachment) });
export type TListAttachmentsResponse = z.infer<typeof ZListAttachmentsResponse>;

export const ZAttachmentDownloadQuery = z.strictObject({
  thumbnail: z.enum(['0', '1', 'true', 'false']).optional(),
});
export type TAttachmentDownloadQuery = z.infer<typeof ZAttachmentDownloadQuery>;

/** `GET|PATCH /orgs/:orgId/photo-settings`: whether new photos keep their EXIF (GPS included). */
export const ZPhotoSettings = z.object({ keepPhotoLocation: z.boolean() });
export type TPhotoSettings = z.infer<typeof ZPhotoSettings>;

export const ZUpdatePhotoSettingsRequest = z.strictObject({ keepPhotoLocation: z.boolean() });
export type TUpdatePhotoSettingsRequest = z.infer<typeof ZUpdatePhotoSettingsRequest>;

// ---------------------------------------------------------------------------
// Machine recognised from a photo
// ---------------------------------------------------------------------------

/** A candidate the recognition service proposed, mapped to the catalog when it can be. */
export const ZRecognitionCandidate = z.object({
  /** the catalog model (platform or this org's); null when the label matches no model */
  machineModelId: z.uuid().nullable(),
  /** the service's label (or the model's "manufacturer name" when it answered an id) */
  label: z.string(),
  manufacturer: z.string().nullable(),
  name: z.string().nullable(),
  /** 0 … 1 */
  confidence: z.number().min(0).max(1),
});
export type TRecognitionCandidate = z.infer<typeof ZRecognitionCandidate>;

/**
 * `status`: RECOGNISED (candidates to choose from), LOW_CONFIDENCE (candidates shown but none is
 * sure: search the catalog by hand too), NOT_CONFIGURED (no RECOGNITION_URL: search by hand),
 * UNAVAILABLE (the service did not answer in time or failed: search by hand).
 */
export const RECOGNITION_STATUSES = ['RECOGNISED', 'LOW_CONFIDENCE', 'NOT_CONFIGURED', 'UNAVAILABLE'] as const;
export const ZRecognitionStatus = z.enum(RECOGNITION_STATUSES);
export type TRecognitionStatus = z.infer<typeof ZRecognitionStatus>;

/** Whether this deployment recognises machine models from photos (RECOGNITION_URL set), said before a photo is taken. */
export const ZRecognitionSetup = z.object({ configured: z.boolean() });
export type TRecognitionSetup = z.infer<typeof ZRecognitionSetup>;

export const ZRecognitionResponse = z.object({
  /** quote it as `recognition.recognitionId` when creating the asset; null when nothing was recognised */
  recognitionId: z.uuid().nullable(),
  status: ZRecognitionStatus,
  /** the service's model version (null without an answer) */
  modelVersion: z.string().nullable(),
  /** best first, at most 5; only candidates that map to a catalog model can be picked */
  candidates: z.array(ZRecognitionCandidate),
  /** below it the answer is LOW_CONFIDENCE */
  minConfidence: z.number(),
  /** what to tell the person, in plain words (the web has its own translations per status) */
  message: z.string(),
});
export type TRecognitionResponse = z.infer<typeof ZRecognitionResponse>;

/** On `POST /assets`: the recognition the model was chosen from (recorded with its model version). */
export const ZAssetRecognitionInput = z.strictObject({
  recognitionId: z.uuid(),
});
export type TAssetRecognitionInput = z.infer<typeof ZAssetRecognitionInput>;

/** On the asset: how its model was chosen (null: by hand, without a photo). */
export const ZAssetRecognition = z.object({
  recognitionId: z.uuid(),
  modelVersion: z.string().nullable(),
  /** the chosen model's confidence; null when the person picked a model the service did not propose */
  confidence: z.number().nullable(),
});
export type TAssetRecognition = z.infer<typeof ZAssetRecognition>;
