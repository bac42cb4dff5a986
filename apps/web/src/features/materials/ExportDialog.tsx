import { DownloadOutlined } from '@ant-design/icons';
import type { MaterialExport } from '@concord/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Progress, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../api/http.ts';
import { materialKeys, materialsApi } from './materials.api.ts';

const POLL_MS = 1000;

const finished = (s: MaterialExport | null | undefined) => !!s && (s.status === 'done' || s.status === 'failed');

/** How far a running export got, its result, or why it failed. */
export function ExportProgress({ state }: { state: MaterialExport }) {
  const { t } = useTranslation();
  if (state.status === 'failed') {
    return <Alert type="error" showIcon title={state.failure ?? t('materials.excel.exportFailed')} />;
  }
  // The bar is named by the words under it (a progress bar needs a name, axe aria-progressbar-name).
  if (state.status === 'done') {
    const words = t('materials.excel.exported', { count: state.totalRows });
    return (
      <div>
        <Progress percent={100} status="success" aria-label={words} />
        {words}
      </div>
    );
  }
  if (state.totalRows === 0) {
    const words = t('materials.excel.queued');
    return (
      <div>
        <Progress percent={0} status="active" showInfo={false} aria-label={words} />
        {words}
      </div>
    );
  }
  const words = t('materials.excel.exporting', { done: state.processedRows, total: state.totalRows });
  return (
    <div>
      <Progress
        percent={Math.floor((state.processedRows / state.totalRows) * 100)}
        status="active"
        aria-label={words}
      />
      {words}
    </div>
  );
}

/**
 * Follows an export job and downloads its file when it is done. Closing only hides the dialog: the
 * server goes on, and while the page stays open the file is still downloaded when it is ready.
 */
export function ExportDialog({
  started,
  open,
  onClose,
}: {
  started: MaterialExport | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  // A finished status is read again on window focus; its file must still be saved only once.
  const settled = useRef<string | null>(null);
  const download = useMutation({
    mutationFn: (state: MaterialExport) => materialsApi.exportFile(state),
    onSuccess: saveFile,
    onError: (error) => message.error(error.message),
    meta: { silent: true },
  });
  const status = useQuery({
    queryKey: materialKeys.export(started?.id ?? ''),
    queryFn: async () => {
      const state = await materialsApi.exportStatus(started!.id);
      if (finished(state) && settled.current !== state.id) {
        settled.current = state.id;
        if (state.status === 'done') download.mutate(state);
        else if (!openRef.current) message.error(state.failure ?? t('materials.excel.exportFailed'));
      }
      return state;
    },
    enabled: started !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : POLL_MS),
  });
  const state = status.data ?? started;
  return (
    <Modal
      title={
        state?.target === 'suppliers' ? t('materials.excel.exportSuppliers') : t('materials.excel.exportMaterials')
      }
      open={open}
      width={500}
      mask={{ closable: false }}
      onCancel={onClose}
      footer={[
        state?.status === 'done' && (
          <Button
            key="again"
            icon={<DownloadOutlined />}
            loading={download.isPending}
            onClick={() => download.mutate(state)}
          >
            {t('materials.excel.downloadAgain')}
          </Button>
        ),
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
      destroyOnHidden
    >
      {state && <ExportProgress state={state} />}
      {!finished(state) && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('materials.excel.exportInBackground')}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
