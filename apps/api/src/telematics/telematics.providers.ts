import { TelematicsIngestService } from './telematics-ingest.service.js';
import { TelematicsReadsService } from './telematics-reads.service.js';
import { TelematicsRepository } from './telematics.repository.js';

export const TELEMATICS_PROVIDERS = [TelematicsRepository, TelematicsIngestService, TelematicsReadsService];
