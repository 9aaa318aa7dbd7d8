import { defineMessages, joinMessages } from '@/i18n/messages';
import { memberMessages } from './members-messages';
import { apiKeyMessages } from './api-keys-messages';

/** Strings of the admin pages (members, teams, API keys): zh-CN first, English second. Shared words and teams here;
 * members and API keys in their own files. */
const base = defineMessages(
  {
    common: {
      save: '保存',
      actions: '操作',
      edit: '编辑',
      delete: '删除',
      conflictRefreshed: '数据已被他人修改，已加载最新内容，请检查后重试。',
      none: '—',
    },
    scopes: {
      ORG: '全组织',
      TEAM: '所在团队',
      ASSIGNED: '仅分配给本人的',
    },
    scopeHints: {
      ORG: '可以看到组织内的全部数据。',
      TEAM: '只能看到所在团队的机具、地块和作业。',
      ASSIGNED: '只能看到分配给本人的作业和机具。',
    },
    memberStatus: {
      ACTIVE: '正常',
      SUSPENDED: '已停用',
      REMOVED: '已移除',
    },
    teams: {
      create: '新建团队',
      listTitle: '团队列表',
      empty: '还没有团队。',
      colName: '名称',
      colDescription: '说明',
      colMembers: '成员数',
      colCreated: '创建时间',
      fieldName: '团队名称',
      fieldDescription: '说明（可选）',
      createTitle: '新建团队',
      editTitle: '编辑团队：{name}',
      submitCreate: '创建',
      editOf: '重命名 {name}',
      deleteOf: '删除 {name}',
      deleteTitle: '删除团队',
      deleteBody: '确定要删除团队“{name}”吗？',
      deleteWarning:
        '删除后，该团队的机具、地块和作业将不再属于任何团队（数据本身保留），成员也会离开该团队。数据范围为“所在团队”的成员可能因此看不到这些数据。此操作不可撤销。',
      deleteConfirm: '删除团队',
      created: '已创建团队 {name}。',
      saved: '已保存团队 {name}。',
      deleted: '已删除团队 {name}。',
      nameTaken: '已有同名团队，请换一个名称。',
    },
  },
  {
    common: {
      save: 'Save',
      actions: 'Actions',
      edit: 'Edit',
      delete: 'Delete',
      conflictRefreshed: 'Someone else changed this; the current state is loaded. Check it and try again.',
      none: '—',
    },
    scopes: {
      ORG: 'Whole organization',
      TEAM: 'Their teams',
      ASSIGNED: 'Assigned to them',
    },
    scopeHints: {
      ORG: 'Sees all data of the organization.',
      TEAM: 'Sees only the machines, fields and jobs of their teams.',
      ASSIGNED: 'Sees only the jobs and machines assigned to them.',
    },
    memberStatus: {
      ACTIVE: 'Active',
      SUSPENDED: 'Suspended',
      REMOVED: 'Removed',
    },
    teams: {
      create: 'New team',
      listTitle: 'Teams',
      empty: 'No teams yet.',
      colName: 'Name',
      colDescription: 'Description',
      colMembers: 'Members',
      colCreated: 'Created',
      fieldName: 'Team name',
      fieldDescription: 'Description (optional)',
      createTitle: 'New team',
      editTitle: 'Edit team: {name}',
      submitCreate: 'Create',
      editOf: 'Rename {name}',
      deleteOf: 'Delete {name}',
      deleteTitle: 'Delete team',
      deleteBody: 'Delete the team “{name}”?',
      deleteWarning:
        'Its machines, fields and jobs will no longer belong to any team (the records stay), and its members leave the team. Members whose data scope is “their teams” may stop seeing them. This cannot be undone.',
      deleteConfirm: 'Delete team',
      created: 'Team {name} created.',
      saved: 'Team {name} saved.',
      deleted: 'Team {name} deleted.',
      nameTaken: 'A team with this name exists; choose another name.',
    },
  },
);

export const messages = joinMessages(base, memberMessages, apiKeyMessages);

export type AdminMessages = (typeof messages)['zh-CN'];
