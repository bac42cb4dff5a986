import { ArrowLeftOutlined } from '@ant-design/icons';
import { formatDecimal, MASK } from '@concord/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/http.ts';

/** A number by the statement's decimal places with thousands separators; `***` stays masked, null empty. */
export function formatNumber(value: string | number | null | undefined, places: number): string {
  if (value === null || value === undefined || value === '') return '';
  if (value === MASK) return MASK;
  return formatDecimal(value, places);
}

/** A right-aligned number column (UI.md: numbers right-aligned with thousands separators). */
export const numberColumn = (places: number) => ({
  align: 'right' as const,
  render: (v: string | null) => formatNumber(v, places),
});

/** Loading, not-found and error states around a loaded statement (UI.md states every screen has). */
export function DetailGate<T>({
  query,
  back,
  children,
}: {
  query: UseQueryResult<T>;
  back: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('reconciliations.notFound') : (query.error as Error).message}
        extra={
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
              {t('reconciliations.actions.back')}
            </Button>
            {!notFound && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
          </Space>
        }
      />
    );
  }
  return children(query.data);
}
