import type { TRole } from '@amms/contracts/permissions';
import type { Locale } from './locales';

/**
 * Every UI string lives here, in both languages. `en` is typed as `Dictionary`
 * (the shape of `zhCN` with string leaves), so a key missing in either language
 * fails the type check.
 */
const zhCN = {
  app: {
    name: 'AMMS 农机运营平台',
    shortName: 'AMMS',
    description: '面向合作社、农机服务组织与农场集团的农机车队运营平台。',
    skipToContent: '跳到主要内容',
    closeDialog: '关闭对话框',
  },
  language: {
    /** visible text of the switch: the language you switch *to*, in that language */
    switchTo: 'English',
    switchToLang: 'en',
    switchLabel: '切换界面语言为英文',
  },
  login: {
    title: '登录',
    heading: '登录 AMMS',
    intro: '使用你的组织账号登录。',
    email: '邮箱',
    password: '密码',
    submit: '登录',
    submitting: '正在登录…',
    sessionExpired: '登录已过期，请重新登录。',
    errors: {
      INVALID_CREDENTIALS: '邮箱或密码不正确。',
      RATE_LIMITED: '登录尝试过于频繁，请稍后再试。',
      VALIDATION_FAILED: '请输入有效的邮箱地址和密码。',
      SERVICE_UNAVAILABLE: '服务暂时不可用，请稍后再试。',
      NETWORK: '无法连接服务器，请检查网络后重试。',
      UNKNOWN: '登录失败，请重试。',
    },
  },
  nav: {
    label: '主导航',
    adminHeading: '组织管理',
    openMenu: '打开导航菜单',
    closeMenu: '关闭导航菜单',
    fieldApp: '现场作业端',
  },
  sections: {
    overview: {
      title: '概览',
      description: '车队运行概况：在用机具、今日作业、即将到期的保养与待确认的草稿将显示在这里。',
    },
    assets: { title: '机具', description: '机具台账：动力机械、自走式机械与农具，以及发动机小时表读数。' },
    jobs: { title: '作业', description: '作业列表与按机具排列的时间线：地块、作业类型、时间窗口与人机分配。' },
    maintenance: { title: '维修保养', description: '保养计划、维修工单、停机记录，以及即将到期的保养。' },
    knowledge: { title: '知识库', description: '农机手册：上传、处理状态，以及引用手册页码的问答。' },
    inventory: { title: '配件库存', description: '配件目录、各库位库存、出入库、低库存、盘点与报废。' },
    costs: { title: '费用', description: '费用单据（燃油、配件、人工、维修、租赁等）及其提交与审批。' },
    analytics: { title: '分析', description: '利用率、作业面积、平均故障间隔与修复时间、保养合规率与单位成本。' },
    fields: { title: '地块', description: '地块列表：实测面积、边界与班组；每块地的地图、作业与导航。' },
    map: { title: '地图', description: '地块边界与今日、本周的作业状态，以及机具的最新位置。' },
    agent: { title: '智能调度', description: '用自然语言描述调度目标，助手会生成草稿供你确认，不会直接修改业务数据。' },
    drafts: { title: '草稿', description: '助手生成的草稿：条目、冲突、无法安排的作业及其依据；确认后再执行。' },
    audit: { title: '审计', description: '只追加、按组织哈希链接的审计日志及完整性校验。' },
    members: { title: '成员', description: '管理组织成员的角色、数据范围、团队与状态。' },
    teams: { title: '团队', description: '按团队组织成员，用于数据范围与作业分配。' },
    apiKeys: { title: 'API 密钥', description: '用于系统集成的组织级 API 密钥：权限范围、有效期与吊销。' },
    webhooks: {
      title: 'Webhook',
      description: '业务事件发生时向外部系统推送签名通知：端点、事件类型、密钥轮换与投递记录。',
    },
    telematics: {
      title: '车载数据源',
      description: '连接厂家的 AEMP 2.0 车载接口：读取状态、立即读取，以及未匹配机器的关联。',
    },
  },
  comingSoon: {
    badge: '即将推出',
    body: '此页面将在后续版本中提供。',
  },
  noAccess: {
    title: '无权访问',
    body: '你在本组织的角色没有访问此页面的权限。如需访问，请联系组织管理员。',
  },
  overview: {
    welcome: '欢迎回来，{name}',
    yourRole: '你的角色',
    dataScope: '数据范围',
    timezone: '时区',
    teams: '团队',
    teamsLoading: '正在加载团队…',
    teamsError: '暂时无法加载团队。',
    teamsEmpty: '还没有团队。',
    teamCount: '{count} 个团队',
    teamCountOne: '{count} 个团队',
    memberCount: '{count} 名成员',
    memberCountOne: '{count} 名成员',
  },
  orgSwitcher: {
    /** screen-reader prefix before the org name on the switcher button */
    labelPrefix: '切换组织：',
    currentPrefix: '当前组织：',
    listLabel: '我的组织',
  },
  userMenu: {
    label: '用户菜单：{name}',
    signedInAs: '已登录账号',
    roleLine: '角色：{role}',
    changePassword: '修改密码',
    logout: '退出登录',
  },
  roles: {
    OWNER: '所有者',
    ADMIN: '管理员',
    DISPATCHER: '调度员',
    MECHANIC: '维修工',
    OPERATOR: '机手',
    ACCOUNTANT: '会计',
    VIEWER: '只读成员',
  } satisfies Record<TRole, string>,
  dataScopes: {
    ORG: '全组织',
    TEAM: '本团队',
    ASSIGNED: '分配给我的',
  },
  home: {
    noOrgsTitle: '你还没有加入任何组织',
    noOrgsBody: '请联系组织管理员邀请你加入，然后重新登录。',
  },
  field: {
    title: '现场作业端',
    description: '我的今日作业、开始与完成作业（记录工时与公顷数）、故障上报，将在后续版本提供。',
    backToDashboard: '返回控制台',
  },
  notFound: {
    title: '页面不存在',
    body: '找不到该页面，或者你无权访问它。',
    home: '返回首页',
  },
  error: {
    title: '出错了',
    body: '页面加载失败，可能是服务暂时不可用。',
    retry: '重试',
    reference: '错误编号',
  },
};

type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> };
export type Dictionary = Leaves<typeof zhCN>;

const en: Dictionary = {
  app: {
    name: 'AMMS Fleet Operations',
    shortName: 'AMMS',
    description: 'Operations platform for agricultural machinery fleets: co-ops, contractors and farm groups.',
    skipToContent: 'Skip to main content',
    closeDialog: 'Close dialog',
  },
  language: {
    switchTo: '中文',
    switchToLang: 'zh-CN',
    switchLabel: 'Switch the interface language to Chinese',
  },
  login: {
    title: 'Sign in',
    heading: 'Sign in to AMMS',
    intro: 'Use your organization account.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    sessionExpired: 'Your session has expired. Please sign in again.',
    errors: {
      INVALID_CREDENTIALS: 'Incorrect email or password.',
      RATE_LIMITED: 'Too many sign-in attempts. Please wait a moment and try again.',
      VALIDATION_FAILED: 'Enter a valid email address and your password.',
      SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again later.',
      NETWORK: 'Cannot reach the server. Check your connection and try again.',
      UNKNOWN: 'Sign-in failed. Please try again.',
    },
  },
  nav: {
    label: 'Main navigation',
    adminHeading: 'Organization',
    openMenu: 'Open navigation menu',
    closeMenu: 'Close navigation menu',
    fieldApp: 'Field app',
  },
  sections: {
    overview: {
      title: 'Overview',
      description:
        'Fleet at a glance: machines in service, today’s jobs, maintenance coming due and drafts awaiting confirmation.',
    },
    assets: {
      title: 'Assets',
      description:
        'The machine register: power units, self-propelled machines and implements, with engine-hour readings.',
    },
    jobs: {
      title: 'Jobs',
      description: 'Job list and a timeline by machine: fields, operation types, time windows and assignments.',
    },
    maintenance: {
      title: 'Maintenance',
      description: 'Maintenance plans, work orders, downtime and what is coming due.',
    },
    knowledge: {
      title: 'Knowledge',
      description: 'Machine manuals: uploads, processing status, and answers that cite the manual’s pages.',
    },
    inventory: {
      title: 'Parts & stock',
      description: 'Parts catalog, stock by location, movements, low stock, counts and write-offs.',
    },
    costs: {
      title: 'Costs',
      description: 'Cost documents (fuel, parts, labor, repairs, rentals, …), their submission and approval.',
    },
    analytics: {
      title: 'Analytics',
      description: 'Utilization, hectares worked, MTBF and MTTR, PM compliance and unit costs.',
    },
    fields: {
      title: 'Fields',
      description: 'The fields: measured area, boundary and team; each field’s map, jobs and navigation.',
    },
    map: {
      title: 'Map',
      description: 'Field boundaries with today’s and this week’s work, and where the machines are.',
    },
    agent: {
      title: 'Agent',
      description:
        'Describe a scheduling goal in plain words; the agent prepares a draft for you to confirm and never changes data on its own.',
    },
    drafts: {
      title: 'Drafts',
      description:
        'Drafts from the agent: items, conflicts, jobs it could not place and the evidence; executed only after confirmation.',
    },
    audit: {
      title: 'Audit',
      description: 'The append-only, hash-chained audit log of this organization and its integrity check.',
    },
    members: { title: 'Members', description: 'Manage members’ roles, data scope, teams and status.' },
    teams: { title: 'Teams', description: 'Group members into teams for data scope and job assignment.' },
    apiKeys: {
      title: 'API keys',
      description: 'Organization API keys for integrations: scopes, expiry and revocation.',
    },
    webhooks: {
      title: 'Webhooks',
      description:
        'Signed notifications to other systems when something happens: endpoints, event types, secret rotation and the delivery log.',
    },
    telematics: {
      title: 'Telematics sources',
      description: 'Makers’ AEMP 2.0 endpoints: their status, poll now, and linking the machines they report.',
    },
  },
  comingSoon: {
    badge: 'Coming soon',
    body: 'This page arrives in a later release.',
  },
  noAccess: {
    title: 'No access',
    body: 'Your role in this organization does not include this page. Ask an organization admin if you need it.',
  },
  overview: {
    welcome: 'Welcome back, {name}',
    yourRole: 'Your role',
    dataScope: 'Data scope',
    timezone: 'Time zone',
    teams: 'Teams',
    teamsLoading: 'Loading teams…',
    teamsError: 'Teams could not be loaded right now.',
    teamsEmpty: 'No teams yet.',
    teamCount: '{count} teams',
    teamCountOne: '{count} team',
    memberCount: '{count} members',
    memberCountOne: '{count} member',
  },
  orgSwitcher: {
    labelPrefix: 'Switch organization: ',
    currentPrefix: 'Current organization: ',
    listLabel: 'My organizations',
  },
  userMenu: {
    label: 'User menu: {name}',
    signedInAs: 'Signed in as',
    roleLine: 'Role: {role}',
    changePassword: 'Change password',
    logout: 'Sign out',
  },
  roles: {
    OWNER: 'Owner',
    ADMIN: 'Admin',
    DISPATCHER: 'Dispatcher',
    MECHANIC: 'Mechanic',
    OPERATOR: 'Operator',
    ACCOUNTANT: 'Accountant',
    VIEWER: 'Viewer',
  },
  dataScopes: {
    ORG: 'Whole organization',
    TEAM: 'My teams',
    ASSIGNED: 'Assigned to me',
  },
  home: {
    noOrgsTitle: 'You are not a member of any organization yet',
    noOrgsBody: 'Ask an organization admin to invite you, then sign in again.',
  },
  field: {
    title: 'Field app',
    description:
      'My jobs today, start and finish with hours and hectares, and fault reports arrive in a later release.',
    backToDashboard: 'Back to the dashboard',
  },
  notFound: {
    title: 'Page not found',
    body: 'This page does not exist, or you do not have access to it.',
    home: 'Go to the start page',
  },
  error: {
    title: 'Something went wrong',
    body: 'The page could not be loaded; the service may be temporarily unavailable.',
    retry: 'Try again',
    reference: 'Reference',
  },
};

const dictionaries: Record<Locale, Dictionary> = { 'zh-CN': zhCN, en };

export function getDictionary(locale: Locale): Dictionary {
  return dictionaries[locale];
}

/** `one` or `other` wording by the locale's plural rules (Chinese has no plural forms). */
export function plural(locale: Locale, count: number, one: string, other: string): string {
  return format(new Intl.PluralRules(locale).select(count) === 'one' ? one : other, { count });
}

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
