import { CONTRACT_ERRORS } from './contracts.errors.ts';
import { DELIVERY_NOTE_ERRORS } from './delivery-notes.errors.ts';
import { INQUIRY_ERRORS } from './inquiries.errors.ts';
import type { Locale, Localized } from './locales.ts';
import { QUOTATION_ERRORS } from './quotations.errors.ts';
import { RECEIPT_ERRORS } from './receipts.errors.ts';
import { RECONCILIATION_ERRORS } from './reconciliations.errors.ts';
import { REPORT_ERRORS } from './reports.errors.ts';

/**
 * The error catalogue (ARCHITECTURE §4, spec §8). The server answers `{ code: 1, msg, errorCode }`
 * with the status below and `msg` in the caller's language; the web shows `msg`.
 */
export const ERRORS = {
  VALIDATION_FAILED: {
    status: 400,
    en: 'The submitted data is not valid',
    cn: '提交的数据不正确',
    tw: '提交的資料不正確',
  },
  DECIMAL_PLACES_EXCEEDED: {
    status: 400,
    en: 'At most {{places}} decimal places are allowed here',
    cn: '此处最多允许 {{places}} 位小数',
    tw: '此處最多允許 {{places}} 位小數',
  },
  UNAUTHORIZED: { status: 401, en: 'Please log in first', cn: '请先登录', tw: '請先登入' },
  FORBIDDEN: {
    status: 403,
    en: 'No permission for this operation',
    cn: '没有权限执行此操作',
    tw: '沒有權限執行此操作',
  },
  TENANT_FORBIDDEN: {
    status: 403,
    en: 'You are not a member of this enterprise',
    cn: '您不是该企业的成员',
    tw: '您不是該企業的成員',
  },
  STEP_REQUIRED: {
    status: 403,
    en: 'Please complete the previous verification step first',
    cn: '请先完成上一步验证',
    tw: '請先完成上一步驗證',
  },
  IP_FORBIDDEN: {
    status: 403,
    en: 'Access from this address is not allowed',
    cn: '当前地址不允许访问',
    tw: '目前位址不允許存取',
  },
  NOT_FOUND: { status: 404, en: 'The resource does not exist', cn: '资源不存在', tw: '資源不存在' },
  CONFLICT: {
    status: 409,
    en: 'The data was changed by someone else; reload and try again',
    cn: '数据已被他人修改，请刷新后重试',
    tw: '資料已被他人修改，請重新整理後重試',
  },
  DUPLICATE: { status: 409, en: '{{field}} is already in use', cn: '{{field}}已被使用', tw: '{{field}}已被使用' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    en: 'This Idempotency-Key was already used for a different request; send a new key',
    cn: '该 Idempotency-Key 已用于另一个不同的请求，请使用新的 Key',
    tw: '該 Idempotency-Key 已用於另一個不同的請求，請使用新的 Key',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    en: 'The file or request is too large',
    cn: '文件或请求过大',
    tw: '檔案或請求過大',
  },
  UNSUPPORTED_FILE: { status: 415, en: 'File type error', cn: '文件类型错误', tw: '檔案類型錯誤' },
  ACCOUNT_LOCKED: {
    status: 403,
    en: 'This account has been locked; please contact your administrator',
    cn: '该账号已被锁定，请联系管理员',
    tw: '該帳號已被鎖定，請聯絡管理員',
  },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    en: 'Too many failed attempts; try again in {{seconds}} seconds',
    cn: '失败次数过多，请 {{seconds}} 秒后再试',
    tw: '失敗次數過多，請 {{seconds}} 秒後再試',
  },
  LOGIN_EXPIRED: {
    status: 424,
    en: 'Login is invalid, please log in again',
    cn: '登录已失效，请重新登录',
    tw: '登入已失效，請重新登入',
  },
  BAD_CREDENTIALS: {
    status: 426,
    en: 'User name does not exist or the password is wrong',
    cn: '用户名不存在或者密码错误',
    tw: '使用者名稱不存在或者密碼錯誤',
  },
  BAD_CODE: {
    status: 428,
    en: 'Wrong or expired verification code',
    cn: '验证码错误或已过期',
    tw: '驗證碼錯誤或已過期',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    en: 'Too many requests, please try again later',
    cn: '请求过于频繁，请稍后再试',
    tw: '請求過於頻繁，請稍後再試',
  },
  CODE_TOO_SOON: {
    status: 429,
    en: 'A code was sent less than 60 seconds ago',
    cn: '验证码发送过于频繁，请 60 秒后再试',
    tw: '驗證碼發送過於頻繁，請 60 秒後再試',
  },
  PASSWORD_WEAK: {
    status: 400,
    en: 'The password must be 8 or more characters with lowercase, uppercase and digits, and not a common password',
    cn: '密码至少 8 位，需包含小写字母、大写字母和数字，且不能是常见密码',
    tw: '密碼至少 8 位，需包含小寫字母、大寫字母和數字，且不能是常見密碼',
  },
  PASSWORD_MISMATCH: {
    status: 400,
    en: 'The two passwords do not match',
    cn: '两次输入的密码不一致',
    tw: '兩次輸入的密碼不一致',
  },
  WRONG_PASSWORD: { status: 400, en: 'The password is wrong', cn: '密码错误', tw: '密碼錯誤' },
  ENTERPRISE_NOT_FOUND: {
    status: 404,
    en: 'No enterprise with this number',
    cn: '未找到该企业编号对应的企业',
    tw: '未找到該企業編號對應的企業',
  },
  INVITE_CODE_INVALID: { status: 400, en: 'The invite code is wrong', cn: '邀请码错误', tw: '邀請碼錯誤' },
  ALREADY_MEMBER: {
    status: 409,
    en: 'You have already joined this enterprise',
    cn: '您已加入该企业',
    tw: '您已加入該企業',
  },
  QR_EXPIRED: {
    status: 410,
    en: 'The QR code has expired, refresh it',
    cn: '二维码已过期，请刷新',
    tw: 'QR 碼已過期，請重新整理',
  },
  OIDC_NOT_CONFIGURED: {
    status: 404,
    en: 'Third-party login is not configured',
    cn: '未配置第三方登录',
    tw: '未設定第三方登入',
  },
  OIDC_FAILED: { status: 400, en: 'Third-party login failed', cn: '第三方登录失败', tw: '第三方登入失敗' },
  NO_ENTERPRISE: {
    status: 403,
    en: 'Create or join an enterprise first',
    cn: '请先创建或加入企业',
    tw: '請先建立或加入企業',
  },
  INTERNAL: {
    status: 500,
    en: 'Server error, please retry later',
    cn: '服务器错误，请稍后重试',
    tw: '伺服器錯誤，請稍後重試',
  },
  UNAVAILABLE: {
    status: 503,
    en: 'The service is not available, retry later',
    cn: '服务未启动，请稍后重试',
    tw: '服務未啟動，請稍後重試',
  },
  POSITION_SUPERIOR_CYCLE: {
    status: 400,
    en: 'The superior position cannot be the position itself or one of its subordinates',
    cn: '上级岗位不能是该岗位本身或其下级岗位',
    tw: '上級職位不能是該職位本身或其下級職位',
  },
  POSITION_SUPERIOR_NOT_FOUND: {
    status: 400,
    en: 'The superior position does not exist',
    cn: '上级岗位不存在',
    tw: '上級職位不存在',
  },
  POSITION_DEPT_NOT_FOUND: {
    status: 400,
    en: 'A selected department does not exist',
    cn: '所选部门不存在',
    tw: '所選部門不存在',
  },
  POSITION_EMPLOYEE_NOT_FOUND: {
    status: 400,
    en: 'A selected employee does not exist',
    cn: '所选员工不存在',
    tw: '所選員工不存在',
  },
  POSITION_IN_USE: {
    status: 409,
    en: 'This position is held by {{count}} employee(s); remove them from it before deleting',
    cn: '该岗位仍有 {{count}} 名员工任职，请先移除后再删除',
    tw: '該職位仍有 {{count}} 名員工任職，請先移除後再刪除',
  },
  POSITION_HAS_SUBORDINATES: {
    status: 409,
    en: 'This position is the superior of {{count}} other position(s); change their superior before deleting',
    cn: '该岗位是 {{count}} 个岗位的上级，请先修改其上级岗位后再删除',
    tw: '該職位是 {{count}} 個職位的上級，請先修改其上級職位後再刪除',
  },
  POSITION_NOT_HELD: {
    status: 403,
    en: 'You do not hold this position',
    cn: '您未担任该岗位',
    tw: '您未擔任該職位',
  },
  PARTNER_ENTERPRISE_NOT_FOUND: {
    status: 400,
    en: 'No enterprise has this number',
    cn: '不存在该编号的企业',
    tw: '不存在該編號的企業',
  },
  PARTNER_IS_SELF: {
    status: 400,
    en: 'Your own enterprise cannot be a trading partner',
    cn: '不能将本企业设为交易伙伴',
    tw: '不能將本企業設為交易夥伴',
  },
  DEPT_PARENT_INVALID: {
    status: 400,
    en: 'A department cannot be its own parent or sit under one of its sub-departments',
    cn: '上级部门不能是该部门本身或其下级部门',
    tw: '上級部門不能是該部門本身或其下級部門',
  },
  DEPT_NOT_FOUND: {
    status: 400,
    en: 'The selected department does not exist',
    cn: '所选部门不存在',
    tw: '所選部門不存在',
  },
  DEPT_HAS_CHILDREN: {
    status: 409,
    en: 'This department has {{count}} sub-department(s); move or delete them first',
    cn: '该部门下还有 {{count}} 个下级部门，请先移走或删除',
    tw: '該部門下還有 {{count}} 個下級部門，請先移走或刪除',
  },
  DEPT_HAS_EMPLOYEES: {
    status: 409,
    en: 'This department still has {{count}} employee(s); move them to another department first',
    cn: '该部门还有 {{count}} 名员工，请先将其调到其他部门',
    tw: '該部門還有 {{count}} 名員工，請先將其調到其他部門',
  },
  DEPT_HAS_POSITIONS: {
    status: 409,
    en: '{{count}} position(s) refer to this department; change them first',
    cn: '有 {{count}} 个岗位引用了该部门，请先修改这些岗位',
    tw: '有 {{count}} 個職位引用了該部門，請先修改這些職位',
  },
  EMPLOYEE_EXISTS: {
    status: 409,
    en: '{{contact}} is already an employee of this enterprise',
    cn: '{{contact}} 已是本企业员工',
    tw: '{{contact}} 已是本企業員工',
  },
  EMPLOYEE_STATUS_CHANGED: {
    status: 409,
    en: 'This operation is not possible in the employee’s current status; reload and try again',
    cn: '员工当前状态不允许此操作，请刷新后重试',
    tw: '員工目前狀態不允許此操作，請重新整理後重試',
  },
  EMPLOYEE_POSITION_NOT_FOUND: {
    status: 400,
    en: 'A selected position does not exist',
    cn: '所选岗位不存在',
    tw: '所選職位不存在',
  },
  INVITATION_INVALID: {
    status: 404,
    en: 'The invitation does not exist, has expired or has already been used',
    cn: '邀请不存在、已过期或已被使用',
    tw: '邀請不存在、已過期或已被使用',
  },
  LAST_ADMIN: {
    status: 409,
    en: 'The enterprise’s last administrator cannot leave it or be removed',
    cn: '企业的最后一位管理员不能离职或被移除',
    tw: '企業的最後一位管理員不能離職或被移除',
  },
  EXPORT_TOO_LARGE: {
    status: 400,
    en: 'The export would hold {{count}} rows; at most {{max}} can be exported at once. Narrow the filters and try again',
    cn: '导出结果有 {{count}} 行，单次最多导出 {{max}} 行，请缩小筛选范围后重试',
    tw: '匯出結果有 {{count}} 列，單次最多匯出 {{max}} 列，請縮小篩選範圍後重試',
  },
  EXPORT_NOT_READY: {
    status: 409,
    en: 'The export is still being prepared; download it when it has finished',
    cn: '导出文件仍在生成中，请在完成后下载',
    tw: '匯出檔案仍在產生中，請於完成後下載',
  },
  IMPORT_FILE_INVALID: {
    status: 400,
    en: 'The file is not a readable Excel workbook (.xlsx)',
    cn: '文件不是可读取的 Excel 工作簿（.xlsx）',
    tw: '檔案不是可讀取的 Excel 活頁簿（.xlsx）',
  },
  IMPORT_FILE_REFUSED: {
    status: 400,
    en: 'The file was refused: it is too large, unpacks to too much data or is packed suspiciously',
    cn: '文件被拒绝：文件过大、解压后数据过多或压缩方式可疑',
    tw: '檔案被拒絕：檔案過大、解壓縮後資料過多或壓縮方式可疑',
  },
  IMPORT_TOO_MANY_ROWS: {
    status: 400,
    en: 'The file has more than {{max}} data rows; split it and import the parts one by one',
    cn: '文件超过 {{max}} 行数据，请拆分后分批导入',
    tw: '檔案超過 {{max}} 列資料，請拆分後分批匯入',
  },
  IMPORT_ROWS_INVALID: {
    status: 400,
    en: '{{count}} errors were found in the file; nothing was imported',
    cn: '文件中发现 {{count}} 处错误，未导入任何数据',
    tw: '檔案中發現 {{count}} 處錯誤，未匯入任何資料',
  },
  IMPORT_IN_PROGRESS: {
    status: 409,
    en: 'An import is already running; wait until it has finished',
    cn: '已有导入正在进行，请等待其完成',
    tw: '已有匯入正在進行，請等待其完成',
  },
  JOB_INTERRUPTED: {
    status: 409,
    en: 'The server stopped while this was running and nothing was saved; please start it again',
    cn: '处理过程中服务器停止，未保存任何结果，请重新开始',
    tw: '處理過程中伺服器停止，未儲存任何結果，請重新開始',
  },
  IMPORT_COLUMN_MISSING: {
    status: 400,
    en: 'The column is missing from the header row',
    cn: '表头缺少该列',
    tw: '標題列缺少該欄',
  },
  IMPORT_VALUE_REQUIRED: { status: 400, en: 'A value is required', cn: '必须填写', tw: '必須填寫' },
  IMPORT_VALUE_INVALID: { status: 400, en: 'The value is not valid', cn: '取值无效', tw: '取值無效' },
  IMPORT_DECIMAL_PLACES: {
    status: 400,
    en: 'At most {{places}} decimal places',
    cn: '最多 {{places}} 位小数',
    tw: '最多 {{places}} 位小數',
  },
  IMPORT_VALUE_NOT_NUMBER: { status: 400, en: 'Enter a number', cn: '请输入数字', tw: '請輸入數字' },
  IMPORT_VALUE_TOO_LONG: {
    status: 400,
    en: 'At most {{max}} characters',
    cn: '最多 {{max}} 个字符',
    tw: '最多 {{max}} 個字元',
  },
  IMPORT_VALUE_TOO_SMALL: { status: 400, en: 'At least {{min}}', cn: '不能小于 {{min}}', tw: '不能小於 {{min}}' },
  IMPORT_VALUE_OUT_OF_RANGE: { status: 400, en: 'At most {{max}}', cn: '不能大于 {{max}}', tw: '不能大於 {{max}}' },
  IMPORT_VALUE_UNKNOWN: {
    status: 400,
    en: '“{{value}}” does not exist',
    cn: '“{{value}}”不存在',
    tw: '「{{value}}」不存在',
  },
  IMPORT_VALUE_DUPLICATE: {
    status: 400,
    en: '“{{value}}” also appears in row {{row}}',
    cn: '“{{value}}”与第 {{row}} 行重复',
    tw: '「{{value}}」與第 {{row}} 列重複',
  },
  IMPORT_VALUE_EXISTS: {
    status: 400,
    en: '“{{value}}” already exists',
    cn: '“{{value}}”已存在',
    tw: '「{{value}}」已存在',
  },
  IMPORT_QUOTA_EXCEEDED: {
    status: 400,
    en: 'The quotas of material {{value}} would total {{total}} %',
    cn: '物料 {{value}} 的配额合计将达到 {{total}}%',
    tw: '物料 {{value}} 的配額合計將達到 {{total}}%',
  },
  MATERIAL_CODE_TAKEN: {
    status: 409,
    en: 'Material code {{code}} is already in use',
    cn: '物料编码 {{code}} 已被使用',
    tw: '物料編碼 {{code}} 已被使用',
  },
  MATERIAL_REFERENCE_NOT_FOUND: {
    status: 400,
    en: 'The selected {{field}} does not exist or is disabled',
    cn: '所选{{field}}不存在或已停用',
    tw: '所選{{field}}不存在或已停用',
  },
  MATERIAL_QUOTA_EXCEEDED: {
    status: 409,
    en: 'The quotas of this material would total {{total}} %; together they may not exceed 100 %',
    cn: '该物料的配额合计将达到 {{total}}%，合计不能超过 100%',
    tw: '該物料的配額合計將達到 {{total}}%，合計不能超過 100%',
  },
  MATERIAL_SUPPLIER_TAKEN: {
    status: 409,
    en: 'This supplier is already approved for the material',
    cn: '该供应商已是此物料的合格供应商',
    tw: '該供應商已是此物料的合格供應商',
  },
  MATERIAL_DRAWING_VERSION_TAKEN: {
    status: 409,
    en: 'Version {{version}} of drawing {{drawingNo}} already exists',
    cn: '图纸 {{drawingNo}} 的版本 {{version}} 已存在',
    tw: '圖面 {{drawingNo}} 的版本 {{version}} 已存在',
  },
  MATERIAL_CUSTOMER_TAKEN: {
    status: 409,
    en: 'Customer material {{code}} is already related for this customer',
    cn: '该客户的客户物料 {{code}} 已建立关系',
    tw: '該客戶的客戶物料 {{code}} 已建立關係',
  },
  NOTICE_STATE_CHANGED: {
    status: 409,
    en: 'The notice’s status has changed, so this step is no longer possible; reload and try again',
    cn: '公告状态已变化，无法执行此操作，请刷新后重试',
    tw: '公告狀態已變更，無法執行此操作，請重新整理後重試',
  },
  NOTICE_NOT_EDITABLE: {
    status: 409,
    en: 'Only a draft or withdrawn notice can be changed',
    cn: '只有草稿或已撤回的公告可以修改',
    tw: '只有草稿或已撤回的公告可以修改',
  },
  NOTICE_CLOSED: {
    status: 409,
    en: 'The notice has been withdrawn or abolished and takes no more replies',
    cn: '公告已撤回或作废，不能再回复',
    tw: '公告已撤回或作廢，不能再回覆',
  },
  NOTICE_NO_RECIPIENTS: {
    status: 400,
    en: 'None of the chosen suppliers can receive the notice (not on the network and no contact e-mail, or not addressable)',
    cn: '所选供应商均无法接收该公告（未入驻平台且无联系邮箱，或不可发送）',
    tw: '所選供應商均無法接收該公告（未加入平台且無聯絡電子郵件，或不可傳送）',
  },
  NOTICE_CLASS_NOT_FOUND: {
    status: 400,
    en: 'A selected supplier class does not exist',
    cn: '所选供应商分类不存在',
    tw: '所選供應商分類不存在',
  },
  PROSPECT_STATE_CHANGED: {
    status: 409,
    en: 'The potential supplier’s audit state has changed, so this step is no longer possible; reload and try again',
    cn: '潜在供应商的审核状态已变化，无法执行此操作，请刷新后重试',
    tw: '潛在供應商的審核狀態已變更，無法執行此操作，請重新整理後重試',
  },
  PROSPECT_NOT_EDITABLE: {
    status: 409,
    en: 'Only a new or rejected potential supplier can be changed',
    cn: '只有新建或审核未通过的潜在供应商可以修改',
    tw: '只有新建或審核未通過的潛在供應商可以修改',
  },
  PROSPECT_CLASS_NOT_FOUND: {
    status: 400,
    en: 'The selected supplier class does not exist',
    cn: '所选供应商分类不存在',
    tw: '所選供應商分類不存在',
  },
  SUPPLIER_BLOCKED: {
    status: 409,
    en: 'The supplier {{name}} is blacklisted, invalid or its relationship is stopped; no new document can be addressed to it',
    cn: '供应商{{name}}已被列入黑名单、已失效或合作关系已停止，不能向其发送新单据',
    tw: '供應商{{name}}已被列入黑名單、已失效或合作關係已停止，不能向其傳送新單據',
  },
  SUPPLIER_STATE_CHANGED: {
    status: 409,
    en: 'The supplier’s status has changed, so this step is no longer possible; reload and try again',
    cn: '供应商状态已变化，无法执行此操作，请刷新后重试',
    tw: '供應商狀態已變更，無法執行此操作，請重新整理後重試',
  },
  SUPPLIER_ALREADY_RELATED: {
    status: 409,
    en: 'This enterprise is already in your supplier or customer archive',
    cn: '该企业已在您的供应商或客户档案中',
    tw: '該企業已在您的供應商或客戶檔案中',
  },
  PARTNER_INVITATION_INVALID: {
    status: 400,
    en: 'The partner invitation is invalid, expired or already used',
    cn: '合作伙伴邀请无效、已过期或已被使用',
    tw: '合作夥伴邀請無效、已過期或已被使用',
  },
  SUPPLIER_CLASS_NOT_FOUND: {
    status: 400,
    en: 'The selected supplier class does not exist',
    cn: '所选供应商分类不存在',
    tw: '所選供應商分類不存在',
  },
  SUPPLIER_CLASS_IN_USE: {
    status: 409,
    en: 'The supplier class is still assigned to suppliers and cannot be deleted',
    cn: '该供应商分类仍有供应商使用，不能删除',
    tw: '該供應商分類仍有供應商使用，不能刪除',
  },
  SUPPLIER_REGISTRATION_CLOSED: {
    status: 409,
    en: 'Registration data can be submitted only while the invitation is in progress',
    cn: '只有邀请进行中时才能提交注册资料',
    tw: '只有邀請進行中時才能提交註冊資料',
  },
  QUALIFICATION_STATE_CHANGED: {
    status: 409,
    en: 'The qualification document’s status has changed, so this step is no longer possible; reload and try again',
    cn: '资质文件状态已变化，无法执行此操作，请刷新后重试',
    tw: '資質文件狀態已變更，無法執行此操作，請重新整理後重試',
  },
  QUALIFICATION_NOT_EDITABLE: {
    status: 409,
    en: 'Only a draft or withdrawn qualification request can be changed',
    cn: '只有草稿或已撤回的资质文件请求可以修改',
    tw: '只有草稿或已撤回的資質文件請求可以修改',
  },
  QUALIFICATION_WRONG_SIDE: {
    status: 403,
    en: 'This step belongs to the other party of the qualification document',
    cn: '此操作应由资质文件的另一方执行',
    tw: '此操作應由資質文件的另一方執行',
  },
  QUALIFICATION_ATTACHMENTS_REQUIRED: {
    status: 400,
    en: 'At least {{count}} attachment(s) are required',
    cn: '至少需要上传 {{count}} 个附件',
    tw: '至少需要上傳 {{count}} 個附件',
  },
  QUALIFICATION_ATTACHMENT_MISSING: {
    status: 400,
    en: 'The attachment “{{name}}” was not found; please upload it again',
    cn: '未找到附件“{{name}}”，请重新上传',
    tw: '找不到附件「{{name}}」，請重新上傳',
  },
  QUALIFICATION_BUILD_DATE_INVALID: {
    status: 400,
    en: 'The build date cannot be later than today',
    cn: '制作日期不能晚于今天',
    tw: '製作日期不能晚於今天',
  },
  QUALIFICATION_DUE_DATE_INVALID: {
    status: 400,
    en: 'The expiry date is required and must be later than the build date',
    cn: '到期日期为必填项，且必须晚于制作日期',
    tw: '到期日期為必填項，且必須晚於製作日期',
  },
  QUALIFICATION_COMMENT_REQUIRED: {
    status: 400,
    en: 'Please give the reason for failing the document',
    cn: '请填写不通过的原因',
    tw: '請填寫不通過的原因',
  },
  QUALIFICATION_SUPPLIER_NOT_JOINED: {
    status: 409,
    en: 'Supplier {{name}} is not on the network yet and cannot receive a qualification request',
    cn: '供应商{{name}}尚未加入平台，无法接收资质文件请求',
    tw: '供應商{{name}}尚未加入平台，無法接收資質文件請求',
  },
  QUALIFICATION_NO_RECIPIENTS: {
    status: 400,
    en: 'None of the chosen suppliers can receive the request',
    cn: '所选供应商均无法接收该请求',
    tw: '所選供應商均無法接收該請求',
  },
  QUALIFICATION_SCOPE_NOT_FOUND: {
    status: 400,
    en: 'The supplier class or supplier of the requirement does not exist',
    cn: '要求所属的供应商分类或供应商不存在',
    tw: '要求所屬的供應商分類或供應商不存在',
  },
  MATERIAL_CLASS_PARENT_INVALID: {
    status: 400,
    en: 'The parent class does not exist, or is the class itself or one of its subclasses',
    cn: '上级分类不存在，或为该分类本身或其下级分类',
    tw: '上層分類不存在，或為該分類本身或其下層分類',
  },
  MATERIAL_CLASS_HAS_CHILDREN: {
    status: 409,
    en: 'The class has subclasses; delete or move them first',
    cn: '该分类下还有下级分类，请先删除或移走',
    tw: '該分類下仍有下層分類，請先刪除或移走',
  },
  MATERIAL_CLASS_IN_USE: {
    status: 409,
    en: 'The class is still assigned to materials and cannot be deleted',
    cn: '该分类仍有物料使用，不能删除',
    tw: '該分類仍有料件使用，不能刪除',
  },
  IMPORT_PERIOD_OVERLAP: {
    status: 400,
    en: 'The period {{value}} overlaps the valid period in row {{row}}',
    cn: '期间 {{value}} 与第 {{row}} 行的有效期间重叠',
    tw: '期間 {{value}} 與第 {{row}} 列的有效期間重疊',
  },
  WAREHOUSE_IN_USE: {
    status: 409,
    en: 'The warehouse is still used by materials or approved suppliers and cannot be deleted',
    cn: '该仓库仍被物料或合格供应商使用，不能删除',
    tw: '該倉庫仍被料件或合格供應商使用，不能刪除',
  },
  INTEREST_PERIOD_OVERLAP: {
    status: 409,
    en: 'The period overlaps the valid period {{start}} – {{end}}',
    cn: '该期间与有效期间 {{start}} 至 {{end}} 重叠',
    tw: '該期間與有效期間 {{start}} 至 {{end}} 重疊',
  },
  PURCHASE_ORDER_STATE_CHANGED: {
    status: 409,
    en: 'The order’s status has changed, so this step is no longer possible; reload and try again',
    cn: '订单状态已变化，无法执行此操作，请刷新后重试',
    tw: '訂單狀態已變更，無法執行此操作，請重新整理後重試',
  },
  PURCHASE_ORDER_LINE_STATE_CHANGED: {
    status: 409,
    en: 'Line {{lineNo}} was answered or changed meanwhile; reload and try again',
    cn: '第 {{lineNo}} 行已被答复或修改，请刷新后重试',
    tw: '第 {{lineNo}} 項已被回覆或修改，請重新整理後重試',
  },
  PURCHASE_ORDER_NOT_EDITABLE: {
    status: 409,
    en: 'Only a draft order can be edited; change a sent order through an order change',
    cn: '只有草稿订单可以修改，已发送的订单请通过订单变更修改',
    tw: '只有草稿訂單可以修改，已發送的訂單請透過訂單變更修改',
  },
  PURCHASE_ORDER_WRONG_SIDE: {
    status: 403,
    en: 'This step belongs to the other party of the order',
    cn: '此操作属于订单的另一方',
    tw: '此操作屬於訂單的另一方',
  },
  PURCHASE_ORDER_SUPPLIER_NOT_JOINED: {
    status: 400,
    en: 'Supplier {{name}} has not joined the platform yet, so it cannot receive orders',
    cn: '供应商 {{name}} 尚未加入平台，无法接收订单',
    tw: '供應商 {{name}} 尚未加入平台，無法接收訂單',
  },
  PURCHASE_ORDER_MATERIAL_NOT_FOUND: {
    status: 400,
    en: 'Line {{lineNo}}: the material does not exist or is disabled',
    cn: '第 {{lineNo}} 行：物料不存在或已停用',
    tw: '第 {{lineNo}} 項：物料不存在或已停用',
  },
  PURCHASE_ORDER_WAREHOUSE_NOT_FOUND: {
    status: 400,
    en: 'Line {{lineNo}}: the warehouse does not exist',
    cn: '第 {{lineNo}} 行：仓库不存在',
    tw: '第 {{lineNo}} 項：倉庫不存在',
  },
  PURCHASE_ORDER_QTY_BELOW_DELIVERED: {
    status: 400,
    en: 'Line {{lineNo}}: the quantity cannot be less than the {{qty}} already delivered',
    cn: '第 {{lineNo}} 行：数量不能小于已送货数量 {{qty}}',
    tw: '第 {{lineNo}} 項：數量不能小於已送貨數量 {{qty}}',
  },
  PURCHASE_ORDER_LINE_DUPLICATE: {
    status: 400,
    en: 'Line number {{lineNo}} appears more than once or does not belong to the order',
    cn: '行号 {{lineNo}} 重复或不属于该订单',
    tw: '項次 {{lineNo}} 重複或不屬於該訂單',
  },
  PURCHASE_ORDER_NOTHING_TO_ANSWER: {
    status: 400,
    en: 'Select at least one line waiting for this step',
    cn: '请至少选择一行待处理的订单行',
    tw: '請至少選擇一項待處理的訂單明細',
  },
  PURCHASE_ORDER_NOT_CHANGEABLE: {
    status: 409,
    en: 'Only a sent order that is still open can be changed',
    cn: '只有已发送且未关闭的订单可以变更',
    tw: '只有已發送且未結案的訂單可以變更',
  },
  PURCHASE_CHANGE_DRAFT_EXISTS: {
    status: 409,
    en: 'The order already has a draft change {{changeNo}}; edit or cancel it first',
    cn: '该订单已有草稿变更单 {{changeNo}}，请先修改或取消',
    tw: '該訂單已有草稿變更單 {{changeNo}}，請先修改或取消',
  },
  PURCHASE_CHANGE_NO_DIFFERENCE: {
    status: 400,
    en: 'The change does not differ from the current order',
    cn: '变更内容与当前订单相同',
    tw: '變更內容與目前訂單相同',
  },
  PURCHASE_CHANGE_STATE_CHANGED: {
    status: 409,
    en: 'The change’s status has changed, so this step is no longer possible; reload and try again',
    cn: '变更单状态已变化，无法执行此操作，请刷新后重试',
    tw: '變更單狀態已變更，無法執行此操作，請重新整理後重試',
  },
  PURCHASE_CHANGE_OUTDATED: {
    status: 409,
    en: 'The order was revised after this change was drafted; cancel it and draft a new one',
    cn: '该变更单起草后订单已被修订，请取消后重新起草',
    tw: '該變更單起草後訂單已被修訂，請取消後重新起草',
  },
  RECEIVING_PLAN_STATE_CHANGED: {
    status: 409,
    en: 'The receiving plan’s status has changed, so this step is no longer possible; reload and try again',
    cn: '收货计划状态已变化，无法执行此操作，请刷新后重试',
    tw: '收貨計畫狀態已變更，無法執行此操作，請重新整理後重試',
  },
  RECEIVING_PLAN_LINE_STATE_CHANGED: {
    status: 409,
    en: 'Delivery {{lineNo}} was answered or changed meanwhile; reload and try again',
    cn: '第 {{lineNo}} 行交货已被答复或修改，请刷新后重试',
    tw: '第 {{lineNo}} 項交貨已被回覆或修改，請重新整理後重試',
  },
  RECEIVING_PLAN_NOT_EDITABLE: {
    status: 409,
    en: 'Only a draft receiving plan can be edited; cancel a sent plan and make a new one',
    cn: '只有草稿收货计划可以修改，已发送的计划请取消后重新制定',
    tw: '只有草稿收貨計畫可以修改，已發送的計畫請取消後重新制定',
  },
  RECEIVING_PLAN_WRONG_SIDE: {
    status: 403,
    en: 'This step belongs to the other party of the receiving plan',
    cn: '此操作属于收货计划的另一方',
    tw: '此操作屬於收貨計畫的另一方',
  },
  RECEIVING_PLAN_LINE_NOT_CONFIRMED: {
    status: 400,
    en: 'Order line {{lineNo}} is not confirmed by the supplier, so it cannot be planned',
    cn: '订单第 {{lineNo}} 行尚未经供应商确认，不能制定收货计划',
    tw: '訂單第 {{lineNo}} 項尚未經供應商確認，不能制定收貨計畫',
  },
  RECEIVING_PLAN_OVER_CONFIRMED: {
    status: 409,
    en: 'Order line {{lineNo}}: the planned total {{planned}} would exceed the confirmed quantity {{confirmed}}',
    cn: '订单第 {{lineNo}} 行：计划总量 {{planned}} 将超过确认数量 {{confirmed}}',
    tw: '訂單第 {{lineNo}} 項：計畫總量 {{planned}} 將超過確認數量 {{confirmed}}',
  },
  RECEIVING_PLAN_NOTHING_TO_ANSWER: {
    status: 400,
    en: 'Select at least one delivery waiting for this step',
    cn: '请至少选择一行待处理的交货',
    tw: '請至少選擇一項待處理的交貨',
  },
  RECEIVING_PLAN_DELIVERED: {
    status: 409,
    en: 'Deliveries of this plan have already been shipped, so it cannot be cancelled',
    cn: '该计划已有交货发出，不能取消',
    tw: '該計畫已有交貨發出，不能取消',
  },
  URGENT_DELIVERY_STATE_CHANGED: {
    status: 409,
    en: 'The urgent delivery notice’s status has changed, so this step is no longer possible; reload and try again',
    cn: '紧急送货通知状态已变化，无法执行此操作，请刷新后重试',
    tw: '緊急送貨通知狀態已變更，無法執行此操作，請重新整理後重試',
  },
  URGENT_DELIVERY_WRONG_SIDE: {
    status: 403,
    en: 'This step belongs to the other party of the urgent delivery notice',
    cn: '此操作属于紧急送货通知的另一方',
    tw: '此操作屬於緊急送貨通知的另一方',
  },
  URGENT_DELIVERY_LINE_INVALID: {
    status: 400,
    en: 'Line {{lineNo}} is not an open order line of this supplier',
    cn: '第 {{lineNo}} 行不是该供应商未结订单的订单行',
    tw: '第 {{lineNo}} 項不是該供應商未結訂單的訂單明細',
  },
  URGENT_DELIVERY_ANSWER_INCOMPLETE: {
    status: 400,
    en: 'Answer every line of the notice with a quantity and a date',
    cn: '请为通知的每一行填写可送数量和日期',
    tw: '請為通知的每一項填寫可送數量和日期',
  },
  INVENTORY_MATERIAL_NOT_FOUND: {
    status: 400,
    en: 'Material {{code}} is not one this customer orders from you',
    cn: '物料 {{code}} 不是该客户向贵司采购的物料',
    tw: '物料 {{code}} 不是該客戶向貴公司採購的物料',
  },
  ...CONTRACT_ERRORS,
  ...DELIVERY_NOTE_ERRORS,
  ...RECEIPT_ERRORS,
  ...RECONCILIATION_ERRORS,
  ...REPORT_ERRORS,
  ...INQUIRY_ERRORS,
  ...QUOTATION_ERRORS,
} as const satisfies Record<string, { status: number; en: string; cn: string; tw: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function errorMessage(code: ErrorCode, locale: Locale, params: Record<string, string | number> = {}): string {
  const entry = ERRORS[code];
  const template: Localized = { 'en-US': entry.en, 'zh-CN': entry.cn, 'zh-TW': entry.tw };
  return template[locale].replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
}

export interface ApiSuccess<T> {
  code: 0;
  msg: string;
  data: T;
}
export interface ApiFailure {
  code: 1;
  msg: string;
  errorCode?: ErrorCode;
  data?: unknown;
}
