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
    teamsOf: {
      MECHANIC: ['维修车间 Workshop'],
      OPERATOR: ['北区作业队 North Crew'],
      DISPATCHER: ['北区作业队 North Crew', '南区作业队 South Crew'],
    },
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

/** The role users: plain names, as a co-op's people are (the role is shown next to the name in the app). */
const NAMES: Record<TRole, [string, string]> = {
  OWNER: ['王建国', 'Olivia Hartley'],
  ADMIN: ['李秀兰', 'Adam Whitfield'],
  DISPATCHER: ['张伟', 'Dana Morales'],
  MECHANIC: ['刘强', 'Mike Donnelly'],
  OPERATOR: ['陈磊', 'Oscar Lindqvist'],
  ACCOUNTANT: ['赵敏', 'Alice Brennan'],
  VIEWER: ['孙丽', 'Victor Okafor'],
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

/**
 * Names for the extra staff: surname × given name, walked with a stride so that neighbours differ
 * in both parts and no name repeats before every pair is used (26 × 31 = 806 names per language:
 * operators count up from the first pair, mechanics down from the last, distinct up to scale 60).
 */
const SURNAMES = [
  [
    '赵',
    '钱',
    '孙',
    '周',
    '吴',
    '郑',
    '冯',
    '卫',
    '蒋',
    '沈',
    '韩',
    '杨',
    '朱',
    '秦',
    '许',
    '何',
    '吕',
    '施',
    '曹',
    '严',
    '金',
    '魏',
    '陶',
    '姜',
    '谢',
    '邹',
  ],
  [
    'Baker',
    'Cooper',
    'Dunn',
    'Evans',
    'Fletcher',
    'Gray',
    'Hill',
    'Irwin',
    'Jensen',
    'Kowalski',
    'Lane',
    'Moore',
    'Nash',
    'Price',
    'Quinn',
    'Reyes',
    'Shaw',
    'Turner',
    'Underwood',
    'Vance',
    'Walsh',
    'Young',
    'Abbott',
    'Byrne',
    'Carver',
    'Doyle',
  ],
] as const;
const GIVEN = [
  [
    '刚',
    '勇',
    '涛',
    '军',
    '斌',
    '浩',
    '亮',
    '明',
    '东',
    '超',
    '鹏',
    '磊',
    '帆',
    '峰',
    '建华',
    '志强',
    '国庆',
    '海涛',
    '春生',
    '永福',
    '德明',
    '晓东',
    '立新',
    '红军',
    '金山',
    '保国',
    '长江',
    '秋生',
    '文斌',
    '玉林',
    '学军',
  ],
  [
    'Ben',
    'Carl',
    'Dave',
    'Ed',
    'Frank',
    'Greg',
    'Hank',
    'Ian',
    'Jack',
    'Kyle',
    'Luke',
    'Matt',
    'Nick',
    'Pete',
    'Ray',
    'Sean',
    'Tim',
    'Will',
    'Anna',
    'Beth',
    'Clara',
    'Dora',
    'Emma',
    'Fiona',
    'Grace',
    'Holly',
    'Iris',
    'June',
    'Kate',
    'Laura',
    'Mia',
  ],
] as const;

/** The n-th extra name (0-based) of a language: unique for n < surnames × given names, then numbered. */
export function staffName(lang: 0 | 1, n: number): string {
  const sur = SURNAMES[lang];
  const given = GIVEN[lang];
  const total = sur.length * given.length;
  const k = n % total;
  // 26 and 31 are coprime: k → (k mod 26, k mod 31) visits every pair once (Chinese remainder theorem)
  const s = sur[k % sur.length] as string;
  const g = given[k % given.length] as string;
  const base = lang === 0 ? `${s}${g}` : `${g} ${s}`;
  const round = Math.floor(n / total);
  return round === 0 ? base : `${base} ${round + 1}`;
}

/** How many distinct extra names a language has before numbering starts. */
const NAME_PAIRS = SURNAMES[0].length * GIVEN[0].length;

/**
 * Extra demo operators and mechanics (operator2@…, mechanic2@…, same password), so the seeded
 * jobs and work orders are spread over several people. The count grows with --scale.
 * Operators rotate over the org's crews; mechanics join the workshop.
 */
export function demoStaff(org: DemoOrg, index: number, scale: number) {
  const out: {
    email: string;
    name: string;
    role: 'OPERATOR' | 'MECHANIC';
    dataScope: ReturnType<typeof scopeOf>;
    locale: string;
    teams: string[];
  }[] = [];
  for (const role of ['OPERATOR', 'MECHANIC'] as const) {
    for (let n = 2; n <= STAFF_PER_SCALE[role] * scale; n++) {
      const name = staffName(index === 0 ? 0 : 1, role === 'MECHANIC' ? NAME_PAIRS - 1 - (n - 2) : n - 2);
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
