import { DEFAULT_SCOPE, ROLES, type TRole } from '@amms/contracts/permissions';

export const DEMO_PASSWORD = 'amms-demo-2026';

export interface DemoOrg {
  slug: string;
  name: string;
  domain: string;
  teams: { name: string; description: string }[];
  /** which teams each role's demo user belongs to */
  teamsOf: Partial<Record<TRole, string[]>>;
}

export const DEMO_ORGS: DemoOrg[] = [
  {
    slug: 'green-valley',
    name: '青山农机合作社 Green Valley Co-op',
    domain: 'green-valley.demo',
    teams: [
      { name: '北区作业队 North Crew', description: '北片区耕种收作业' },
      { name: '南区作业队 South Crew', description: '南片区植保与收获' },
      { name: '维修车间 Workshop', description: '保养与维修' },
    ],
    teamsOf: { MECHANIC: ['维修车间 Workshop'], OPERATOR: ['北区作业队 North Crew'], DISPATCHER: ['北区作业队 North Crew', '南区作业队 South Crew'] },
  },
  {
    slug: 'red-river',
    name: 'Red River Farms',
    domain: 'red-river.demo',
    teams: [
      { name: 'Field Crew', description: 'Tillage, seeding and harvest' },
      { name: 'Shop', description: 'Maintenance shop' },
    ],
    teamsOf: { MECHANIC: ['Shop'], OPERATOR: ['Field Crew'] },
  },
];

const NAMES: Record<TRole, [string, string]> = {
  OWNER: ['王建国 (Owner)', 'Olivia Owner'],
  ADMIN: ['李秀兰 (Admin)', 'Adam Admin'],
  DISPATCHER: ['张伟 (Dispatcher)', 'Dana Dispatcher'],
  MECHANIC: ['刘强 (Mechanic)', 'Mike Mechanic'],
  OPERATOR: ['陈磊 (Operator)', 'Oscar Operator'],
  ACCOUNTANT: ['赵敏 (Accountant)', 'Alice Accountant'],
  VIEWER: ['孙丽 (Viewer)', 'Victor Viewer'],
};

export function demoUsers(org: DemoOrg, index: number) {
  return ROLES.map((role) => ({
    email: `${role.toLowerCase()}@${org.domain}`,
    name: NAMES[role][index === 0 ? 0 : 1],
    role,
    dataScope: DEFAULT_SCOPE[role],
    locale: index === 0 ? 'zh-CN' : 'en',
    teams: org.teamsOf[role] ?? [],
  }));
}

export const PLATFORM_ADMIN = { email: 'platform@amms.demo', name: 'Platform Admin' };
