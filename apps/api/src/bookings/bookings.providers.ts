import { BookingsRepository } from './bookings.repository.js';
import { BookingsService } from './bookings.service.js';

/** Machine and operator bookings: one list for the API (app.module.ts) and the worker (worker.module.ts). */
export const BOOKING_PROVIDERS = [BookingsRepository, BookingsService];
