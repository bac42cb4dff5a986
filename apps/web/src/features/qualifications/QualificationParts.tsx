import { QUALIFICATION_EXPIRING_DAYS_DEFAULT } from '@concord/shared';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { qualificationKeys, qualificationsApi } from './qualifications.api.ts';
import { dueHint } from './qualifications.rules.ts';

export function ResultTag({ result }: { result: 'pass' | 'fail' | null }) {
  const { t } = useTranslation();
  if (!result) return null;
  return <Tag color={result === 'pass' ? 'success' : 'error'}>{t(`qualifications.results.${result}`)}</Tag>;
}

/** The form options (suppliers, classes, customers) and the warning window; one query for every screen. */
export function useQualificationOptions(enabled = true) {
  return useQuery({ queryKey: qualificationKeys.options, queryFn: qualificationsApi.options, enabled });
}

/** The due date with the days left (orange inside the warning window) or past it (red); long-term says so. */
export function DueDate({ doc }: { doc: { status: number; fileDqDate: string | null; validityType: string } }) {
  const { t } = useTranslation();
  const options = useQualificationOptions();
  const expiringDays = options.data?.expiringDays ?? QUALIFICATION_EXPIRING_DAYS_DEFAULT;
  if (!doc.fileDqDate) {
    return doc.validityType === 'long' ? <span>{t('qualifications.list.longTerm')}</span> : <span>—</span>;
  }
  const hint = dueHint(doc, expiringDays);
  return (
    <Space size={6}>
      <span>{doc.fileDqDate}</span>
      {hint && (
        <Typography.Text type={hint.kind === 'overdue' ? 'danger' : hint.urgent ? 'warning' : 'secondary'}>
          {hint.kind === 'overdue'
            ? t('qualifications.list.overdue', { days: hint.days })
            : t('qualifications.list.expiringSoon', { days: hint.days })}
        </Typography.Text>
      )}
    </Space>
  );
}

export function ValidityText({ validityType, validDate }: { validityType: string; validDate?: string | null }) {
  const { t } = useTranslation();
  const label = t(`qualifications.validity.${validityType as '1' | '3' | '5' | 'long' | 'date'}`);
  return <span>{validityType === 'date' && validDate ? `${label} ${validDate}` : label}</span>;
}
