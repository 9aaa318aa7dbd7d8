import { ApiKeysRepository } from './api-keys.repository.js';
import { ApiKeysService } from './api-keys.service.js';
import { MembershipsRepository } from './memberships.repository.js';
import { MembersService } from './members.service.js';
import { MemberPlanningRepository } from './member-planning.repository.js';
import { MemberLeaveRepository } from './member-leave.repository.js';
import { TeamsRepository } from './teams.repository.js';
import { TeamsService } from './teams.service.js';

/** Members, teams and API keys (the API's; the worker reads memberships through the repository functions). */
export const TENANCY_PROVIDERS = [
  TeamsRepository,
  MembershipsRepository,
  MembersService,
  MemberPlanningRepository,
  // executing a LEAVE draft (the worker) writes the members' leave
  MemberLeaveRepository,
  TeamsService,
  ApiKeysRepository,
  ApiKeysService,
];
