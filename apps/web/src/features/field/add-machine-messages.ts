import { defineMessages } from '@/i18n/messages';

/** The field app's "add a machine from a photo" page: zh-CN first, English second. */
export const addMachineMessages = defineMessages(
  {
    cta: '拍照添加机具',
    heading: '添加机具',
    intro: '拍一张机具的照片，选择推荐的型号（或在目录中搜索），再填写名称和序列号。',
    offline:
      '当前离线：添加机具需要联网（照片识别和序列号的唯一性都要由服务器判断），不会排队稍后提交。请在有网络时再试。',
    search: '在目录中搜索型号',
    searchHint: '输入厂家或型号名称，例如 “东方红 LX”',
    noMatch: '目录中没有匹配的型号',
    create: '添加机具',
    created: '已添加机具 {name}（{model}）。',
    another: '再添加一台',
    noAccess: '只有组织的所有者和管理员可以添加机具。',
  },
  {
    cta: 'Add a machine from a photo',
    heading: 'Add a machine',
    intro:
      'Take a photo of the machine, pick the proposed model (or search the catalog), then give its name and serial number.',
    offline:
      'You are offline: adding a machine needs the network (the photo is recognised and the serial number checked by the server); it is not queued for later. Try again when you are online.',
    search: 'Search the catalog for the model',
    searchHint: 'Type the manufacturer or the model, e.g. "Deere 6M"',
    noMatch: 'No model in the catalog matches',
    create: 'Add the machine',
    created: 'Machine {name} ({model}) added.',
    another: 'Add another',
    noAccess: 'Only the organisation’s owners and admins can add machines.',
  },
);
