import { defineMessages } from '@/i18n/messages';

export const recogniseMessages = defineMessages(
  {
    title: '拍照添加机具',
    hint: '拍一张机具的照片，系统会推荐可能的型号，由您确认。',
    takePhoto: '拍照识别型号',
    working: '正在识别…',
    candidates: '可能的型号',
    pick: '选用 {name}（置信度 {pct}）',
    notInCatalog: '{name}（不在目录中）',
    chosen: '已选用',
    status: {
      RECOGNISED: '请从推荐中选择型号；如都不对，请在下方目录中手动选择。',
      LOW_CONFIDENCE: '识别结果不确定：请核对推荐，或在下方目录中手动选择型号。',
      NOT_CONFIGURED: '本系统未配置照片识别：请在下方目录中手动选择型号。',
      UNAVAILABLE: '识别服务暂时无响应：请在下方目录中手动选择型号。',
    },
    modelVersion: '识别模型版本：{version}',
    notSetUp: '本系统还没有配置照片识别，现在请在下方目录中手动选择型号。',
    notSetUpWhat: '配置后，拍一张机具的照片，系统会推荐可能的型号并给出置信度，由您确认。',
    notSetUpNext:
      '管理员的下一步：在服务器上把 RECOGNITION_URL 设为识别服务的地址（见 docs/deploy.md），重启 API 后即可使用。',
  },
  {
    title: 'Add a machine from a photo',
    hint: 'Take a photo of the machine: the likely models are proposed and you confirm one.',
    takePhoto: 'Recognise the model from a photo',
    working: 'Recognising…',
    candidates: 'Likely models',
    pick: 'Use {name} (confidence {pct})',
    notInCatalog: '{name} (not in the catalog)',
    chosen: 'Chosen',
    status: {
      RECOGNISED: 'Pick the model from the candidates; if none is right, choose it from the catalog below.',
      LOW_CONFIDENCE: 'The recognition is not sure: check the candidates or choose the model from the catalog below.',
      NOT_CONFIGURED: 'Recognition from a photo is not set up here: choose the model from the catalog below.',
      UNAVAILABLE: 'The recognition service did not answer: choose the model from the catalog below.',
    },
    modelVersion: 'Recognition model version: {version}',
    notSetUp: 'Recognition from a photo is not set up here: choose the model from the catalog below.',
    notSetUpWhat:
      'Once set up, a photo of the machine proposes the likely models with their confidence, and you confirm one.',
    notSetUpNext:
      "Next step for an admin: set RECOGNITION_URL on the server to the recognition service's address (see docs/deploy.md) and restart the API.",
  },
);
