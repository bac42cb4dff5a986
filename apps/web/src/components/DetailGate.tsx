import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/http.ts';

/**
 * A detail page's loading, not-found and error states around the loaded document (UI.md: every
 * screen has loading, empty and error states).
 */
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
  /** The document could not be shown: `null` when the link names none. */
  const failed = (error: Error | null) => {
    const notFound = error === null || (error instanceof ApiError && error.status === 404);
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('common.notFound') : error.message}
        extra={
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
              {t('common.back')}
            </Button>
            {!notFound && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
          </Space>
        }
      />
    );
  };
  // A query that waits without fetching is disabled: the link carries no id, so there is no document.
  if (query.isPending) return query.fetchStatus === 'idle' ? failed(null) : <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) return failed(query.error);
  return children(query.data);
}
