import { BoundaryRepository } from './boundary.repository.js';
import { BoundaryService } from './boundary.service.js';
import { BoundaryController, MapController } from './geo.controller.js';
import { BoundaryImportController } from './import/boundary-import.controller.js';
import { BoundaryImportService } from './import/boundary-import.service.js';
import { BoundaryImportStore } from './import/boundary-import.store.js';
import { GeoExportService } from './geo-export.service.js';
import { FIELD_GEOJSON_EXPORT } from '../integrations/export/field-geojson.port.js';
import { MapSettingsController } from './map-settings.controller.js';
import { MapRepository } from './map.repository.js';
import { MapService } from './map.service.js';
import { TravelRepository } from '../planning/travel/travel.repository.js';
import { TravelService } from '../planning/travel/travel.service.js';

/** Geography: boundaries, the map, the GeoJSON export; travel times (the scheduler's, also in the worker). */
export const GEO_PROVIDERS = [BoundaryRepository, BoundaryService, TravelRepository, TravelService];
export const GEO_API_PROVIDERS = [
  MapRepository,
  MapService,
  GeoExportService,
  { provide: FIELD_GEOJSON_EXPORT, useExisting: GeoExportService },
  BoundaryImportStore,
  BoundaryImportService,
];
export const GEO_CONTROLLERS = [BoundaryController, MapController, BoundaryImportController, MapSettingsController];
