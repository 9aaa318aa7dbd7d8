import { defineMessages } from '@/i18n/messages';

export const attachmentMessages = defineMessages(
  {
    photosTitle: '照片',
    receiptsTitle: '票据与发票',
    takePhoto: '拍照',
    chooseFile: '选择文件',
    uploading: '正在上传…',
    empty: '还没有附件。',
    open: '打开 {name}',
    pdf: 'PDF',
    photoHint: '照片（JPEG、PNG、WebP），最大 10 MB；除非本组织设置保留，上传时会去除拍摄位置等信息。',
    receiptHint: '票据照片或 PDF，照片最大 10 MB，PDF 最大 20 MB。',
    uploaded: '已上传 {name}',
    listLabel: '附件列表',
  },
  {
    photosTitle: 'Photos',
    receiptsTitle: 'Receipts and invoices',
    takePhoto: 'Take a photo',
    chooseFile: 'Choose a file',
    uploading: 'Uploading…',
    empty: 'No attachments yet.',
    open: 'Open {name}',
    pdf: 'PDF',
    photoHint:
      'Photos (JPEG, PNG, WebP) up to 10 MB; location and camera details are removed on upload unless your organisation keeps them.',
    receiptHint: 'A photo of the receipt or a PDF: photos up to 10 MB, PDFs up to 20 MB.',
    uploaded: 'Uploaded {name}',
    listLabel: 'Attachments',
  },
);
