import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';

/**
 * UI.md: leaving a form with unsaved changes asks "data not saved, confirm exit?". `shouldBlock` decides
 * per navigation (a page that saves by changing its own query must let that through).
 */
export function useLeaveGuard(shouldBlock: BlockerFunction): void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('common.unsavedLeave'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
}
