import type { ListResult, OperationLog } from '@concord/shared';
import { fetchFile, http } from '../../api/http.ts';

export type { OperationLog };

export interface OperationLogFilter {
  username?: string;
  operationType?: number;
  module?: string;
  /** ISO date-times, inclusive. */
  from?: string;
  to?: string;
}

export const operationLogsApi = {
  list: (filter: OperationLogFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<OperationLog>>(
      '/srm/operation-logs/list',
      { filter, pageParam: { pageNum, pageSize } },
      // A list read is not a change; the global overlay would only flicker.
      { overlay: false },
    ),
  modules: () => http.get<string[]>('/srm/operation-logs/modules'),
  export: (filter: OperationLogFilter) =>
    fetchFile('/srm/operation-logs/export', {
      method: 'POST',
      // Times are written in the enterprise's zone, as the list shows them.
      json: { filter },
      filename: 'operation-logs.xlsx',
    }),
};
