import { defineMessages } from '@/i18n/messages';

/** The shared UI kit's own words (dialogs, secrets). */
export const uiMessages = defineMessages(
  {
    cancel: '取消',
    copy: '复制',
    copied: '已复制到剪贴板',
    copyFailed: '无法自动复制，请手动选中复制。',
  },
  {
    cancel: 'Cancel',
    copy: 'Copy',
    copied: 'Copied to the clipboard',
    copyFailed: 'Could not copy automatically; select the text and copy it.',
  },
);
