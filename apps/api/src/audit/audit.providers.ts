import { PeopleRepository } from '../people/people.repository.js';
import { PeopleService } from '../people/people.service.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

/** The audit trail and the names it shows: one list for the API (app.module.ts) and the worker (worker.module.ts). */
export const AUDIT_PROVIDERS = [PeopleRepository, PeopleService, AuditRepository, AuditService];
