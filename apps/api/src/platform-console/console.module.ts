import { PlatformConsoleController } from './console.controller.js';
import { ConsoleRepository } from './console.repository.js';
import { ConsoleService } from './console.service.js';

/** The platform console (platform admins): org usage and health. */
export const CONSOLE_PROVIDERS = [ConsoleRepository, ConsoleService];
export const CONSOLE_CONTROLLERS = [PlatformConsoleController];
