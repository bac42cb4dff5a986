import type { ReportFilter, ReportName, ReportPartner, ReportReply, ReportSide } from '@concord/shared';
import { fetchFile, http } from '../../api/http.ts';

const BASE = '/srm/reports';

export const reportKeys = {
  all: ['reports'] as const,
  run: (name: ReportName, filter: ReportFilter, page: number, size: number, sort: string | undefined) =>
    ['reports', name, filter, page, size, sort] as const,
  partners: (side: ReportSide) => ['reports', 'partners', side] as const,
};

export const reportsApi = {
  run: (
    name: ReportName,
    filter: ReportFilter,
    pageNum: number,
    pageSize: number,
    sort?: { fieldName: string; asc: boolean },
  ) =>
    http.post<ReportReply>(`${BASE}/${name}`, {
      filter,
      pageParam: { pageNum, pageSize },
      ...(sort ? { orderParam: [sort] } : {}),
    }),
  export: (name: ReportName, filter: ReportFilter) =>
    fetchFile(`${BASE}/${name}/export`, { query: filter, filename: `${name}.xlsx` }),
  partners: (side: ReportSide) => http.get<ReportPartner[]>(`${BASE}/partners/${side}`),
};
