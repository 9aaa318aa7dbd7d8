import { RecognitionClient } from '../recognition/recognition.client.js';
import { RecognitionController } from '../recognition/recognition.controller.js';
import { RecognitionRepository } from '../recognition/recognition.repository.js';
import { RecognitionService } from '../recognition/recognition.service.js';
import { AttachmentsController } from './attachments.controller.js';
import { AttachmentsRepository } from './attachments.repository.js';
import { AttachmentsService } from './attachments.service.js';
import { PhotoSettingsController } from './photo-settings.controller.js';

/** Attachments (photos, receipts) and machine recognition from a photo: HTTP side only. */
export const ATTACHMENT_CONTROLLERS = [AttachmentsController, PhotoSettingsController, RecognitionController];
export const ATTACHMENT_PROVIDERS = [
  AttachmentsRepository,
  AttachmentsService,
  RecognitionClient,
  RecognitionRepository,
  RecognitionService,
];
