import { DEFAULT_SCOPE, ROLES, type TRole } from '@amms/contracts/permissions';

export const DEMO_PASSWORD = 'amms-demo-2026';

export interface DemoOrg {
  slug: string;
  name: string;
  domain: string;
  teams: { name: string; description: string }[];
  /** which teams each role's demo user belongs to */
  teamsOf: Partial<Record<TRole, string[]>>;
  /** field crews (fields, machines and operators are spread over them) and the maintenance shop */
  crews: string[];
  workshop: string;
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
    crews: ['北区作业队 North Crew', '南区作业队 South Crew'],
    workshop: '维修车间 Workshop',
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
    crews: ['Field Crew'],
    workshop: 'Shop',
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
    dataScope: scopeOf(role),
    locale: index === 0 ? 'zh-CN' : 'en',
    teams: org.teamsOf[role] ?? [],
  }));
}

export const PLATFORM_ADMIN = { email: 'platform@amms.demo', name: 'Platform Admin' };

/** Operators and mechanics per org at scale 1 (the role users above included): enough hands for the fleet. */
export const STAFF_PER_SCALE = { OPERATOR: 10, MECHANIC: 3 } as const;

const EXTRA_NAMES: Record<'OPERATOR' | 'MECHANIC', [string[], string[]]> = {
  OPERATOR: [
    ['赵刚', '钱勇', '孙涛', '周军', '吴斌', '郑浩', '冯亮', '褚明', '卫东', '蒋超', '沈鹏', '韩磊', '杨帆', '朱峰'],
    ['Ben Baker', 'Carl Cooper', 'Dave Dunn', 'Ed Evans', 'Frank Fox', 'Greg Gray', 'Hank Hill', 'Ian Irwin', 'Jack Jones', 'Kyle King', 'Luke Lane', 'Matt Moore', 'Nick Nash', 'Pete Price'],
  ],
  MECHANIC: [
    ['马师傅', '高师傅', '林师傅', '何师傅', '罗师傅'],
    ['Sam Smith', 'Tom Turner', 'Walt Ward', 'Vic Vance', 'Roy Reed'],
  ],
};

/**
 * Extra demo operators and mechanics (operator2@…, mechanic2@…, same password), so the seeded
 * jobs and work orders are spread over several people. The count grows with --scale.
 * Operators rotate over the org's crews; mechanics join the workshop.
 */
export function demoStaff(org: DemoOrg, index: number, scale: number) {
  const out: { email: string; name: string; role: 'OPERATOR' | 'MECHANIC'; dataScope: ReturnType<typeof scopeOf>; locale: string; teams: string[] }[] = [];
  for (const role of ['OPERATOR', 'MECHANIC'] as const) {
    const names = EXTRA_NAMES[role][index === 0 ? 0 : 1];
    for (let n = 2; n <= STAFF_PER_SCALE[role] * scale; n++) {
      const base = names[(n - 2) % names.length] as string;
      const name = n - 2 < names.length ? base : `${base} ${Math.floor((n - 2) / names.length) + 1}`;
      out.push({
        email: `${role.toLowerCase()}${n}@${org.domain}`,
        name,
        role,
        dataScope: scopeOf(role),
        locale: index === 0 ? 'zh-CN' : 'en',
        teams: role === 'OPERATOR' ? [org.crews[(n - 1) % org.crews.length] as string] : [org.workshop],
      });
    }
  }
  return out;
}

/**
 * The demo's scopes: the role defaults, except mechanics. The demo workshop serves the whole
 * fleet (every machine belongs to a crew team), so its mechanics see the org (ORG), not only the
 * Workshop team: with TEAM they could neither see a crew's machine nor report a fault on it.
 */
const scopeOf = (role: TRole) => (role === 'MECHANIC' ? 'ORG' : DEFAULT_SCOPE[role]);
