import { TelematicsIngestService } from './telematics-ingest.service.js';
import { TelematicsReadsService } from './telematics-reads.service.js';
import { TelematicsRepository } from './telematics.repository.js';
import { SourcesRepository } from './sources/sources.repository.js';
import { TelematicsSourcesService } from './sources/sources.service.js';
import { TelematicsPullService } from './sources/pull.service.js';

export const TELEMATICS_PROVIDERS = [
  TelematicsRepository,
  TelematicsIngestService,
  TelematicsReadsService,
  SourcesRepository,
  TelematicsSourcesService,
  TelematicsPullService,
];
