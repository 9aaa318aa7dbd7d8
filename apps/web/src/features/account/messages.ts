import { defineMessages } from '@/i18n/messages';

/** Strings of the account pages (change password): zh-CN first, English second. */
export const messages = defineMessages(
  {
    title: '修改密码',
    forcedHeading: '请设置你自己的密码',
    forcedIntro: '你正在使用管理员发给你的一次性密码。设置自己的新密码之后才能继续使用 AMMS。',
    intro: '修改后，你在其他设备和浏览器上的登录会被退出；当前这里保持登录。',
    current: '当前密码',
    currentForcedHint: '即管理员发给你的一次性密码。',
    newPassword: '新密码',
    newHint: '至少 {min} 个字符。可以用一句容易记住的话；不要用常见密码、重复的字符或你的邮箱。',
    confirm: '再次输入新密码',
    submit: '保存新密码',
    back: '返回',
    done: '密码已修改。你在其他设备上的登录已被退出。',
    required: '必填。',
    mismatch: '两次输入的新密码不一致。',
    weakness: {
      TOO_SHORT: '至少需要 {min} 个字符。',
      TOO_FEW_DISTINCT: '不同的字符太少（例如同一个字符或一小段反复出现）。',
      TOO_COMMON: '这是常见密码，很容易被猜到。',
      CONTAINS_EMAIL: '不能包含你的邮箱或邮箱 @ 前面的部分。',
    },
    errors: {
      CURRENT_PASSWORD_INCORRECT: '当前密码不正确。',
      PASSWORD_REUSED: '新密码不能与当前密码相同。',
    },
  },
  {
    title: 'Change password',
    forcedHeading: 'Choose your own password',
    forcedIntro:
      'You signed in with a one-time password from your administrator. Choose your own password to continue using AMMS.',
    intro: 'Your sessions on other devices and browsers will be signed out; you stay signed in here.',
    current: 'Current password',
    currentForcedHint: 'The one-time password your administrator gave you.',
    newPassword: 'New password',
    newHint:
      'At least {min} characters. A sentence you remember works well; avoid common passwords, repeated characters and your email.',
    confirm: 'New password again',
    submit: 'Save new password',
    back: 'Back',
    done: 'Your password was changed. Your sessions on other devices were signed out.',
    required: 'Required.',
    mismatch: 'The two new passwords do not match.',
    weakness: {
      TOO_SHORT: 'Use at least {min} characters.',
      TOO_FEW_DISTINCT: 'Too few different characters (one character or a short run repeated).',
      TOO_COMMON: 'This is a common password and easy to guess.',
      CONTAINS_EMAIL: 'Must not contain your email or the part before the @.',
    },
    errors: {
      CURRENT_PASSWORD_INCORRECT: 'The current password is incorrect.',
      PASSWORD_REUSED: 'The new password must differ from the current one.',
    },
  },
);

export type AccountMessages = (typeof messages)['en'];
