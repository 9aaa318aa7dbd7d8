import { defineMessages, joinMessages } from '@/i18n/messages';
import { enumLabels } from '@/lib/labels';
import { fieldJobMessages } from './job-messages';
import { fieldWorkOrderMessages } from './work-order-messages';

/** Strings of the field app (/field): zh-CN first, English second. The shell and enum words here; jobs and work
 * orders in their own files. */
const base = defineMessages(
  {
    appTitle: '现场作业端',
    greeting: '你好，{name}',
    home: '首页',
    back: '返回',
    backHome: '返回现场首页',
    dashboard: '控制台',
    logout: '退出',
    changePassword: '改密码',
    changePasswordLabel: '修改密码',
    org: {
      label: '当前组织',
      switch: '切换组织',
      role: '角色',
    },
    noAccess: {
      title: '现场作业端不适用于你的角色',
      body: '现场作业端面向机手和维修工：执行作业、报告故障、处理维修工单。请使用控制台。',
    },
    noOrg: {
      title: '你还没有加入任何组织',
      body: '请联系组织管理员邀请你加入。',
    },
    jobStatus: {
      PLANNED: '待分配',
      SCHEDULED: '已安排',
      IN_PROGRESS: '进行中',
      COMPLETED: '已完成',
      CANCELLED: '已取消',
    },
    operation: enumLabels['zh-CN'].operation,
    machineKind: enumLabels['zh-CN'].kind,
    machineRole: {
      PRIMARY: '主机',
      IMPLEMENT: '农具',
    },
    assetStatus: enumLabels['zh-CN'].assetStatus,
    woStatus: enumLabels['zh-CN'].workOrderStatus,
    woType: {
      PREVENTIVE: '保养',
      CORRECTIVE: '故障维修',
      INSPECTION: '检查',
    },
    priority: enumLabels['zh-CN'].priority,
  },
  {
    appTitle: 'Field app',
    greeting: 'Hello, {name}',
    home: 'Home',
    back: 'Back',
    backHome: 'Back to the field app',
    dashboard: 'Dashboard',
    logout: 'Sign out',
    changePassword: 'Password',
    changePasswordLabel: 'Change password',
    org: {
      label: 'Organization',
      switch: 'Switch organization',
      role: 'Role',
    },
    noAccess: {
      title: 'The field app is not for your role',
      body: 'The field app is for operators and mechanics: run jobs, report faults, work on work orders. Please use the dashboard.',
    },
    noOrg: {
      title: 'You are not a member of any organization yet',
      body: 'Ask an organization admin to invite you.',
    },
    jobStatus: {
      PLANNED: 'Planned',
      SCHEDULED: 'Scheduled',
      IN_PROGRESS: 'In progress',
      COMPLETED: 'Completed',
      CANCELLED: 'Cancelled',
    },
    operation: enumLabels.en.operation,
    machineKind: enumLabels.en.kind,
    machineRole: {
      PRIMARY: 'Primary',
      IMPLEMENT: 'Implement',
    },
    assetStatus: enumLabels.en.assetStatus,
    woStatus: enumLabels.en.workOrderStatus,
    woType: {
      PREVENTIVE: 'Service',
      CORRECTIVE: 'Repair',
      INSPECTION: 'Inspection',
    },
    priority: enumLabels.en.priority,
  },
);

export const fieldMessages = joinMessages(base, fieldJobMessages, fieldWorkOrderMessages);

export type FieldMessages = (typeof fieldMessages)['zh-CN'];

/** `{name}` placeholders (the i18n module's one `format`). */
export { format as fill } from '@/i18n/dictionaries';
