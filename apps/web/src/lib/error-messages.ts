import type { TErrorCode } from '@amms/contracts/errors';
import type { Locale } from '@/i18n/locales';
import { ApiError } from './api-client';

type Extra = 'NETWORK' | 'UNKNOWN';

/**
 * What a person reads for each stable error code of the API (contracts/errors.ts).
 * Both maps are exhaustive over the codes: a new code fails the type check until it
 * has wording in both languages.
 */
const zhCN: Record<TErrorCode | Extra, string> = {
  VALIDATION_FAILED: '输入有误，请检查标出的字段。',
  MALFORMED_JSON: '请求格式错误。',
  PAYLOAD_TOO_LARGE: '提交的内容过大。',
  TELEMATICS_BATCH_TOO_LARGE: '一批最多 1000 条终端数据，请拆分后再发。',
  TELEMATICS_URL_REFUSED: '这个地址不能作为车载数据源：内网、本机或链路本地地址不允许。',
  TELEMATICS_NOT_CONFIGURED: '服务器未配置车载数据源的加密密钥（TELEMATICS_SECRET_KEY），请联系管理员。',
  UNSUPPORTED_MEDIA_TYPE: '不支持的请求格式。',
  IMPORT_FILE_UNSAFE: '文件含有不允许的内容（如 DTD 或外部实体），出于安全原因未读取。',
  ARCHIVE_TOO_LARGE: '压缩包解压后过大，出于安全原因未读取。',
  ROUTE_NOT_FOUND: '找不到该接口。',
  METHOD_NOT_ALLOWED: '该接口不支持此请求方法。',
  NOT_FOUND: '找不到该记录，或者你无权访问它。',
  CONFLICT: '数据已被他人修改，请刷新后重试。',
  VERSION_CONFLICT: '数据已被他人修改，已显示最新内容，请重新操作。',
  RATE_LIMITED: '操作过于频繁，请稍后再试。',
  INTERNAL: '服务器出错了，请稍后再试。',
  SERVICE_UNAVAILABLE: '服务暂时不可用，请稍后再试。',
  UNAUTHENTICATED: '登录已过期，请重新登录。',
  INVALID_CREDENTIALS: '邮箱或密码不正确。',
  TOKEN_EXPIRED: '登录已过期，请重新登录。',
  TOKEN_INVALID: '登录状态无效，请重新登录。',
  REFRESH_TOKEN_REUSED: '登录状态异常，请重新登录。',
  FORBIDDEN: '你的角色没有执行此操作的权限。',
  NOT_A_MEMBER: '你不是该组织的成员。',
  MEMBERSHIP_SUSPENDED: '你在该组织的成员资格已被停用。',
  PASSWORD_CHANGE_REQUIRED: '请先修改一次性密码，然后才能继续。',
  CURRENT_PASSWORD_INCORRECT: '当前密码不正确。',
  PASSWORD_TOO_WEAK: '新密码太弱，请换一个更长、更不容易猜到的密码。',
  PASSWORD_REUSED: '新密码不能与当前密码相同。',
  LAST_OWNER: '组织至少需要保留一名所有者。',
  MEMBER_EXISTS: '该用户已是组织成员。',
  TEAM_NAME_TAKEN: '团队名称已被使用。',
  SCOPE_NOT_GRANTABLE: '该数据范围不能授予此角色。',
  CANNOT_CHANGE_SELF: '不能修改自己的角色、数据范围、状态或团队，也不能移除自己。',
  PASSWORD_RESET_NOT_ALLOWED: '此账号还属于其他组织或是平台管理员，组织管理员不能重置其密码；请本人在登录后修改密码。',
  INVALID_TRANSITION: '当前状态下不能执行此操作。',
  ASSET_HELD_BY_WORK_ORDER: '该机具仍被未关闭的维修工单占用：请先验收或取消该工单。',
  SERIAL_NUMBER_TAKEN: '该序列号已被本组织的其他机具使用。',
  MACHINE_MODEL_EXISTS: '该机型已存在。',
  METER_BACKWARDS: '小时表读数不能小于上一次读数。',
  METER_OUT_OF_ORDER: '小时表读数的时间早于已有读数。',
  METER_IMPLAUSIBLE:
    '读数跳变过大：按距上次读数经过的时间，这台机具不可能走这么多小时。若更换了小时表或上次读数有误，请确认后再提交。',
  OCCURRED_AT_OUT_OF_RANGE:
    '这项离线操作的时间不在允许范围内（不能晚于现在，也不能早于 7 天前）。请按当前情况重新操作。',
  FIELD_NAME_TAKEN: '地块名称已被使用。',
  BOOKING_CONFLICT: '时间冲突：该机具或机手在此时段已被占用。',
  ASSET_UNAVAILABLE: '该机具当前不可用（维修中或已停用）。',
  CAPABILITY_MISMATCH: '该机具组合不具备此作业所需的能力。',
  INVALID_MACHINE_SET: '机具组合无效：需要一台动力机械或自走式机械，可加挂农具。',
  OUTSIDE_JOB_WINDOW: '所选时段超出了作业的时间窗口。',
  JOB_HOURS_INCONSISTENT: '作业时长与开始、完成时间或小时表读数对不上。',
  OPERATOR_NOT_ELIGIBLE: '该成员不能担任此作业的机手。',
  SELF_ACCEPTANCE: '不能验收自己提交或负责的工单，请由其他人验收。',
  CHECKLIST_INCOMPLETE: '检查单还有未完成的项目。',
  SELF_APPROVAL: '不能审批自己提交的单据，请由其他人审批。',
  EMPTY_DOCUMENT: '单据至少需要一行明细。',
  FILE_NOT_PDF: '只能上传 PDF 文件。',
  FILE_TYPE_NOT_ALLOWED: '不支持此文件类型：照片请用 JPEG、PNG 或 WebP，票据也可用 PDF。',
  IMAGE_UNREADABLE: '无法读取这张图片，请重新拍摄或换一个文件。',
  ATTACHMENT_LOCKED: '该工单已关闭或单据已审批，附件不能再删除。',
  DOCUMENT_NOT_READY: '文档还在处理中或处理失败，暂时无法查看。',
  WEBHOOK_URL_REFUSED: '该地址指向内网、本机或链路本地地址，不能作为 Webhook 目标。',
  DRAFT_STALE: '草稿已有更新的版本，请查看最新版本后再确认。',
  DRAFT_NOT_OPEN: '该草稿已确认、已拒绝或已执行，不能再修改。',
  DRAFT_INVALID: '草稿存在违反硬约束的条目，不能确认。',
  DRAFT_NOT_CONFIRMED: '草稿尚未确认，不能执行。',
  DRAFT_EDIT_NOT_SUPPORTED: '此类草稿暂不支持编辑。',
  IMPORT_FILE_INVALID: '无法读取导入文件：请使用模板（CSV 或 XLSX，第一行为列名）。',
  IMPORT_ROWS_INVALID: '导入文件中有错误的行，没有导入任何数据。',
  IMPORT_ALREADY_COMMITTED: '这份导入已经提交过了。',
  BOUNDARY_INVALID: '地块边界无效，无法修复（例如自相交且没有面积）。',
  COORDINATES_OUT_OF_RANGE: '坐标超出范围：经度 −180～180，纬度 −90～90。',
  BOUNDARY_TOO_FAR: '边界离本组织的其他地块超过 500 公里，请确认坐标。',
  INSUFFICIENT_STOCK: '库存不足：该库位可用数量不够，请查看其他库位的库存。',
  PRESTART_REQUIRED: '开始作业前请先完成班前检查。',
  PRESTART_BLOCKED: '班前检查有不合格的关键项，不能开始作业：请先修好，再重新检查。',
  QUANTITY_NOT_WHOLE: '该配件按件计数，数量必须是正整数。',
  PART_NUMBER_TAKEN: '该配件编号已存在。',
  BARCODE_TAKEN: '该条码已属于另一个配件。',
  BARCODE_AMBIGUOUS: '该条码对应多个配件，请从列表中选择。',
  SAME_LOCATION: '调拨的来源和目标库位不能相同。',
  WORK_ORDER_CLOSED: '工单已关闭或已取消，不能再领料或预留。',
  STOCK_LOCATION_NAME_TAKEN: '已有同名库位。',
  STOCK_COUNT_CONFIRMED: '该盘点单已确认，不能再次确认。',
  RECEIPT_EXCEEDS_ORDER: '入库数量超过了采购单上尚未到货的数量。',
  PURCHASE_NOT_RECEIVABLE: '该采购对应的费用单未提交或已驳回，不能入库。',
  LEAVE_OVERLAPS: '这段请假与成员日历上已有的请假重叠。',
  IDEMPOTENCY_KEY_REUSED: '重复提交的内容与上次不同，请刷新后重试。',
  IDEMPOTENCY_KEY_IN_USE: '上一次提交仍在处理中，请稍候。',
  IDEMPOTENCY_KEY_INVALID: '请求标识无效。',
  NETWORK: '无法连接服务器，请检查网络后重试。',
  UNKNOWN: '操作失败，请重试。',
};

const en: Record<TErrorCode | Extra, string> = {
  VALIDATION_FAILED: 'Some input is not valid; check the marked fields.',
  MALFORMED_JSON: 'The request was malformed.',
  PAYLOAD_TOO_LARGE: 'What you sent is too large.',
  TELEMATICS_BATCH_TOO_LARGE: 'A batch carries at most 1,000 telematics readings: split it.',
  TELEMATICS_URL_REFUSED:
    'This address cannot be a telematics source: private, loopback and link-local addresses are refused.',
  TELEMATICS_NOT_CONFIGURED:
    'The server has no key for telematics secrets (TELEMATICS_SECRET_KEY): ask your administrator.',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported request format.',
  IMPORT_FILE_UNSAFE: 'The file has content that is not allowed (such as a DTD or external entities) and was not read.',
  ARCHIVE_TOO_LARGE: 'The archive unpacks to more than the limit and was not read.',
  ROUTE_NOT_FOUND: 'No such API route.',
  METHOD_NOT_ALLOWED: 'This API route does not take this method.',
  NOT_FOUND: 'Not found, or you have no access to it.',
  CONFLICT: 'Someone else changed this; refresh and try again.',
  VERSION_CONFLICT: 'Someone else changed this; the current version is shown, please try again.',
  RATE_LIMITED: 'Too many attempts; try again shortly.',
  INTERNAL: 'Something went wrong on the server; try again later.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable.',
  UNAUTHENTICATED: 'Your session has expired; sign in again.',
  INVALID_CREDENTIALS: 'Wrong email or password.',
  TOKEN_EXPIRED: 'Your session has expired; sign in again.',
  TOKEN_INVALID: 'Your session is not valid; sign in again.',
  REFRESH_TOKEN_REUSED: 'Your session was ended for safety; sign in again.',
  FORBIDDEN: 'Your role may not do this.',
  NOT_A_MEMBER: 'You are not a member of this organization.',
  MEMBERSHIP_SUSPENDED: 'Your membership in this organization is suspended.',
  PASSWORD_CHANGE_REQUIRED: 'Change your one-time password before you continue.',
  CURRENT_PASSWORD_INCORRECT: 'The current password is incorrect.',
  PASSWORD_TOO_WEAK: 'The new password is too weak; choose a longer one that is harder to guess.',
  PASSWORD_REUSED: 'The new password must differ from the current one.',
  LAST_OWNER: 'The organization needs at least one owner.',
  MEMBER_EXISTS: 'This user is already a member.',
  TEAM_NAME_TAKEN: 'This team name is taken.',
  SCOPE_NOT_GRANTABLE: 'This data scope cannot be granted to that role.',
  CANNOT_CHANGE_SELF: 'You cannot change your own role, data scope, status or teams, nor remove yourself.',
  PASSWORD_RESET_NOT_ALLOWED:
    'This account also belongs to other organizations or is a platform admin: an organization admin cannot reset its password. Its owner changes it after signing in.',
  INVALID_TRANSITION: 'Not possible in the current state.',
  ASSET_HELD_BY_WORK_ORDER: 'A work order still holds this machine: accept or cancel it first.',
  SERIAL_NUMBER_TAKEN: 'Another machine of this organization has this serial number.',
  MACHINE_MODEL_EXISTS: 'This model already exists.',
  METER_BACKWARDS: 'The meter reading is lower than the previous one.',
  METER_OUT_OF_ORDER: 'The reading is dated before an existing reading.',
  METER_IMPLAUSIBLE:
    'The reading jumps further than the machine could have run since the previous reading. If the meter was replaced or the previous reading was wrong, confirm and submit again.',
  OCCURRED_AT_OUT_OF_RANGE:
    'This offline change is dated outside what is accepted (not in the future, not older than 7 days). Do it again as things are now.',
  FIELD_NAME_TAKEN: 'This field name is taken.',
  BOOKING_CONFLICT: 'Time conflict: the machine or operator is already booked then.',
  ASSET_UNAVAILABLE: 'The machine is not available (in maintenance or retired).',
  CAPABILITY_MISMATCH: 'This machine set cannot do this operation.',
  INVALID_MACHINE_SET: 'Invalid machine set: one power unit or self-propelled machine, plus implements.',
  OUTSIDE_JOB_WINDOW: 'The time is outside the job window.',
  JOB_HOURS_INCONSISTENT: 'The hours worked do not match the start and completion times or the meter readings.',
  OPERATOR_NOT_ELIGIBLE: 'This member cannot operate on this job.',
  SELF_ACCEPTANCE: 'You cannot accept a work order you submitted or worked on; someone else must.',
  CHECKLIST_INCOMPLETE: 'The checklist has open items.',
  SELF_APPROVAL: 'You cannot approve your own document; someone else must.',
  EMPTY_DOCUMENT: 'A document needs at least one line.',
  FILE_NOT_PDF: 'Only PDF files can be uploaded.',
  FILE_TYPE_NOT_ALLOWED: 'This file type is not accepted: photos as JPEG, PNG or WebP; receipts may also be PDF.',
  IMAGE_UNREADABLE: 'This image could not be read: take the photo again or choose another file.',
  ATTACHMENT_LOCKED: 'The work order is closed or the document approved: its files can no longer be deleted.',
  DOCUMENT_NOT_READY: 'The document is still being processed or failed: it cannot be shown yet.',
  WEBHOOK_URL_REFUSED: 'This address is private, loopback or link-local: it cannot be a webhook target.',
  DRAFT_STALE: 'The draft has a newer version; review it before confirming.',
  DRAFT_NOT_OPEN: 'The draft is confirmed, rejected or executed and can no longer change.',
  DRAFT_INVALID: 'The draft violates hard constraints and cannot be confirmed.',
  DRAFT_NOT_CONFIRMED: 'The draft is not confirmed yet.',
  DRAFT_EDIT_NOT_SUPPORTED: 'This kind of draft cannot be edited.',
  IMPORT_FILE_INVALID: 'The import file cannot be read: use the template (CSV or XLSX, column names in the first row).',
  IMPORT_ROWS_INVALID: 'Some rows of the import file have errors; nothing was imported.',
  IMPORT_ALREADY_COMMITTED: 'This import has already been committed.',
  BOUNDARY_INVALID: 'The field boundary is invalid and cannot be repaired (e.g. self-intersecting with no area).',
  COORDINATES_OUT_OF_RANGE: 'Coordinates out of range: longitude −180…180, latitude −90…90.',
  BOUNDARY_TOO_FAR: "The boundary is more than 500 km from the organization's other fields; check the coordinates.",
  INSUFFICIENT_STOCK: 'Not enough stock at this location: see where else it is in stock.',
  PRESTART_REQUIRED: 'Do the pre-start check before starting the job.',
  PRESTART_BLOCKED: 'A pre-start item that blocks the start failed: fix it, then check again.',
  QUANTITY_NOT_WHOLE: 'This part is counted in pieces: the quantity must be a whole number.',
  PART_NUMBER_TAKEN: 'A part with this part number already exists.',
  BARCODE_TAKEN: 'This barcode already belongs to another part.',
  BARCODE_AMBIGUOUS: 'This barcode matches several parts: pick one from the list.',
  SAME_LOCATION: 'A transfer needs two different locations.',
  WORK_ORDER_CLOSED: 'The work order is closed or cancelled: no more issues or reservations.',
  STOCK_LOCATION_NAME_TAKEN: 'A location with this name already exists.',
  STOCK_COUNT_CONFIRMED: 'This stock count is already confirmed.',
  RECEIPT_EXCEEDS_ORDER: 'More than is still outstanding on this purchase.',
  PURCHASE_NOT_RECEIVABLE:
    'The purchase’s cost document is not submitted or was rejected: nothing can be received on it.',
  LEAVE_OVERLAPS: 'This leave overlaps leave already on the member’s calendar.',
  IDEMPOTENCY_KEY_REUSED: 'A retry carried different content; refresh and try again.',
  IDEMPOTENCY_KEY_IN_USE: 'The previous attempt is still running; please wait.',
  IDEMPOTENCY_KEY_INVALID: 'Invalid request key.',
  NETWORK: 'Cannot reach the server; check the network and try again.',
  UNKNOWN: 'That did not work; try again.',
};

const MESSAGES: Record<Locale, Record<TErrorCode | Extra, string>> = { 'zh-CN': zhCN, en };

const num = (v: unknown, locale: Locale) =>
  typeof v === 'number' ? v.toLocaleString(locale, { maximumFractionDigits: 2 }) : '—';

/** Codes whose details make the sentence concrete (the numbers the API decided on). */
const DETAILED: Partial<Record<TErrorCode, (d: Record<string, unknown>, locale: Locale) => string | null>> = {
  METER_BACKWARDS: (d, locale) =>
    typeof d.latestHours === 'number'
      ? locale === 'zh-CN'
        ? `读数 ${num(d.readingHours, locale)} 小时小于上一次读数 ${num(d.latestHours, locale)} 小时。若上一次读数有误，请主管作废它；若更换了小时表，请标明换表。`
        : `The reading ${num(d.readingHours, locale)} h is lower than the previous one (${num(d.latestHours, locale)} h). If that one is wrong, a supervisor can void it; if the meter was replaced, say so.`
      : null,
  METER_IMPLAUSIBLE: (d, locale) =>
    locale === 'zh-CN'
      ? `读数 ${num(d.readingHours, locale)} 小时跳变过大：上次读数 ${num(d.latestHours, locale)} 小时，按经过的时间最多可能到 ${num(d.maxPlausibleHours, locale)} 小时（每天最多 ${num(d.maxHoursPerDay, locale)} 小时）。若更换了小时表或上次读数有误，请确认后再提交。`
      : `The reading ${num(d.readingHours, locale)} h jumps too far: the previous reading was ${num(d.latestHours, locale)} h, and the time since allows at most ${num(d.maxPlausibleHours, locale)} h (${num(d.maxHoursPerDay, locale)} h a day at most). If the meter was replaced or the previous reading was wrong, confirm and submit again.`,
  JOB_HOURS_INCONSISTENT: (d, locale) => {
    if (d.reason === 'exceeds_elapsed') {
      return locale === 'zh-CN'
        ? `作业时长 ${num(d.actualHours, locale)} 小时超过了开始到完成之间的 ${num(d.elapsedHours, locale)} 小时。请更正作业时长（或开始、完成时间）。`
        : `${num(d.actualHours, locale)} h worked do not fit in the ${num(d.elapsedHours, locale)} h between start and completion. Correct the hours (or the start / completion time).`;
    }
    if (d.reason === 'exceeds_meter') {
      return locale === 'zh-CN'
        ? `作业时长 ${num(d.actualHours, locale)} 小时超过了小时表走过的 ${num(d.meterDeltaHours, locale)} 小时。请更正作业时长或结束读数。`
        : `${num(d.actualHours, locale)} h worked are more than the meter advanced (${num(d.meterDeltaHours, locale)} h). Correct the hours or the end reading.`;
    }
    return null;
  },
};

/** The sentence for an error of any kind (ApiError by code, anything else generic). */
export function errorMessage(locale: Locale, err: unknown): string {
  const messages = MESSAGES[locale];
  const code = err instanceof ApiError ? err.code : 'UNKNOWN';
  const detailed =
    err instanceof ApiError && err.details && typeof err.details === 'object'
      ? DETAILED[code as TErrorCode]?.(err.details as Record<string, unknown>, locale)
      : null;
  if (detailed) return detailed;
  if (code in messages) return messages[code as TErrorCode | Extra];
  return err instanceof ApiError && err.message ? err.message : messages.UNKNOWN;
}

/**
 * VALIDATION_FAILED details → { fieldPath: message }. The API's message is in English
 * and technical; the field is marked, and the code is shown in the chosen language
 * by the caller when it has better wording.
 */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return {};
  const out: Record<string, string> = {};
  for (const d of err.details as unknown[]) {
    if (d && typeof d === 'object' && 'path' in d && 'message' in d) {
      const path = String((d as { path: unknown }).path);
      out[path] ??= String((d as { message: unknown }).message);
    }
  }
  return out;
}
