import { TelematicsIngestService } from './telematics-ingest.service.js';
import { TelematicsReadsService } from './telematics-reads.service.js';
import { TelematicsRepository } from './telematics.repository.js';
import { SourcesRepository } from './sources/sources.repository.js';
import { TelematicsSourcesService } from './sources/sources.service.js';
import { TelematicsPullService } from './sources/pull.service.js';
import { JobFuelRepository } from './fuel/job-fuel.repository.js';
import { JobFuelService } from './fuel/job-fuel.service.js';
import { JobFieldCheckService } from './field-check/job-field-check.service.js';
import { JobFieldCheckRepository } from './field-check/job-field-check.repository.js';
import { TelematicsSettingsRepository } from './settings/telematics-settings.repository.js';

export const TELEMATICS_PROVIDERS = [
  TelematicsRepository,
  TelematicsIngestService,
  TelematicsReadsService,
  SourcesRepository,
  TelematicsSourcesService,
  TelematicsPullService,
  JobFuelRepository,
  JobFuelService,
  JobFieldCheckRepository,
  JobFieldCheckService,
  TelematicsSettingsRepository,
];
