import type { TextEntry } from './types.ts';

/** What the server writes for people about departments (issue 17); keys are `domain.event`. */
export const DEPARTMENT_TEXTS = {
  'departments.created': {
    'en-US': 'Created department {{deptNo}} {{deptCode}} {{deptName}}',
    'zh-CN': '创建了部门 {{deptNo}} {{deptCode}} {{deptName}}',
    'zh-TW': '建立了部門 {{deptNo}} {{deptCode}} {{deptName}}',
  },
  'departments.updated': {
    'en-US': 'Updated department {{deptNo}}: {{changes}}',
    'zh-CN': '修改了部门 {{deptNo}}：{{changes}}',
    'zh-TW': '修改了部門 {{deptNo}}：{{changes}}',
  },
  'departments.unchanged': {
    'en-US': 'Saved department {{deptNo}} without changes',
    'zh-CN': '保存了部门 {{deptNo}}，没有字段变化',
    'zh-TW': '儲存了部門 {{deptNo}}，沒有欄位變更',
  },
  'departments.deleted': {
    'en-US': 'Deleted department {{deptNo}} {{deptCode}} {{deptName}}',
    'zh-CN': '删除了部门 {{deptNo}} {{deptCode}} {{deptName}}',
    'zh-TW': '刪除了部門 {{deptNo}} {{deptCode}} {{deptName}}',
  },
} as const satisfies Record<string, TextEntry>;
