import { useTranslation } from 'react-i18next';

/** A CSS spinner rather than antd's: it is the first thing the login route may show (P-07). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-label={t('common.loading')}>
      <span className="page-loading-spinner" aria-hidden="true" />
    </div>
  );
}
