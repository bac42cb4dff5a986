import { type Locale, OPERATION_TYPE } from '@concord/shared';
import { dateTimeIn } from '../../platform/time.ts';
import { writeXlsx } from '../../platform/xlsx.ts';
import type { OperationLogRow } from './operation-logs.service.ts';

type OperationName = keyof typeof OPERATION_TYPE;

interface Labels {
  sheet: string;
  header: [string, string, string, string, string, string, string];
  types: Record<OperationName, string>;
}

/** The workbook speaks the requester's language, like every other reply. */
const LABELS: Record<Locale, Labels> = {
  'en-US': {
    sheet: 'Operation logs',
    header: ['Time', 'User', 'Operation type', 'Module', 'Target', 'Summary', 'IP address'],
    types: {
      LOGIN: 'Log in',
      LOGOUT: 'Log out',
      ADD: 'Add',
      UPDATE: 'Update',
      DELETE: 'Delete',
      ADD_M2M: 'Add association',
      DELETE_M2M: 'Remove association',
      LIST: 'List',
      LIST_WITH_GROUP: 'Grouped list',
      EXPORT: 'Export',
      UPLOAD: 'Upload',
      DOWNLOAD: 'Download',
      RELOAD_CACHE: 'Reload cache',
    },
  },
  'zh-CN': {
    sheet: '操作日志',
    header: ['时间', '用户', '操作类型', '模块', '操作对象', '摘要', 'IP 地址'],
    types: {
      LOGIN: '登录',
      LOGOUT: '登出',
      ADD: '新增',
      UPDATE: '修改',
      DELETE: '删除',
      ADD_M2M: '新增关联',
      DELETE_M2M: '移除关联',
      LIST: '查询',
      LIST_WITH_GROUP: '分组查询',
      EXPORT: '导出',
      UPLOAD: '上传',
      DOWNLOAD: '下载',
      RELOAD_CACHE: '刷新缓存',
    },
  },
  'zh-TW': {
    sheet: '操作日誌',
    header: ['時間', '使用者', '操作類型', '模組', '操作對象', '摘要', 'IP 位址'],
    types: {
      LOGIN: '登入',
      LOGOUT: '登出',
      ADD: '新增',
      UPDATE: '修改',
      DELETE: '刪除',
      ADD_M2M: '新增關聯',
      DELETE_M2M: '移除關聯',
      LIST: '查詢',
      LIST_WITH_GROUP: '分組查詢',
      EXPORT: '匯出',
      UPLOAD: '上傳',
      DOWNLOAD: '下載',
      RELOAD_CACHE: '重新整理快取',
    },
  },
};

const NAME_BY_CODE = new Map<number, OperationName>(
  (Object.entries(OPERATION_TYPE) as [OperationName, number][]).map(([name, code]) => [code, name]),
);

/** yyyy-MM-dd HH:mm:ss (UI.md) in the given zone. */
export const formatTime = (iso: string, timeZone: string): string => dateTimeIn(new Date(iso), timeZone);

/** Rows as the reader reads them: the summary already rendered in their language and masked for them. */
type RenderedRow = Omit<OperationLogRow, 'summary'> & { summary: string };

export async function operationLogWorkbook(rows: RenderedRow[], locale: Locale, timeZone: string): Promise<Buffer> {
  const labels = LABELS[locale];
  return await writeXlsx({
    name: labels.sheet,
    header: labels.header,
    widths: [20, 16, 14, 16, 22, 80, 16],
    rows: rows.map((r) => {
      const name = NAME_BY_CODE.get(r.operationType);
      return [
        formatTime(r.createdAt, timeZone),
        r.username,
        name ? labels.types[name] : String(r.operationType),
        r.module,
        r.targetId,
        r.summary,
        r.ip,
      ];
    }),
  });
}
