import type { QualificationAction, QualificationActionInput, QualificationDetail } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { EMPTY_ITEM, ItemFields, type ItemFormValues, itemFromForm, itemToForm } from './ItemFields.tsx';
import { qualificationKeys, qualificationsApi } from './qualifications.api.ts';
import { type DocumentAction, documentActions, type Side } from './qualifications.rules.ts';

interface Row {
  id: string;
  status: number;
  fileCode: string;
}

const CONFIRMED: readonly DocumentAction[] = ['send', 'withdraw', 'withdrawReply', 'pass', 'invalidate'];

/**
 * Runs the buttons of a document (list rows and the detail page): confirmations for the simple steps,
 * a dialog asking the reason of a fail, the edit dialog of a draft or withdrawn request. Reply and
 * renew are the supplier's form on the detail page, so `onReply` decides where they lead.
 */
export function useQualificationActions(side: Side, onReply?: (row: Row) => void) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const hasAny = useAnyPermission();
  const can = (code: string) => hasAny([code]);
  const [failing, setFailing] = useState<Row | null>(null);
  const [editing, setEditing] = useState<Row | null>(null);

  const act = useMutation({
    mutationFn: ({ row, action, body }: { row: Row; action: QualificationAction; body?: QualificationActionInput }) =>
      qualificationsApi.act(row.id, action, body),
    onSuccess: async (detail, { row, action }) => {
      queryClient.setQueryData(qualificationKeys.detail(row.id), detail);
      await queryClient.invalidateQueries({ queryKey: qualificationKeys.all });
      message.success(t(`qualifications.done.${action}`));
    },
  });

  const run = (row: Row, action: DocumentAction) => {
    if (action === 'fail') return setFailing(row);
    if (action === 'edit') return setEditing(row);
    if (action === 'reply' || action === 'renew') return onReply?.(row);
    if (CONFIRMED.includes(action)) {
      modal.confirm({
        title: `${t(`qualifications.actions.${action}`)} · ${row.fileCode}`,
        content: t(`qualifications.confirm.${action as 'send' | 'withdraw' | 'withdrawReply' | 'pass' | 'invalidate'}`),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        okButtonProps: { danger: action === 'invalidate' },
        onOk: () => act.mutateAsync({ row, action }),
      });
    }
  };

  const dialogs = (
    <>
      <FailDialog
        row={failing}
        pending={act.isPending}
        onClose={() => setFailing(null)}
        onSubmit={(comment) =>
          act.mutateAsync({ row: failing!, action: 'fail', body: { comment } }).then(() => setFailing(null))
        }
      />
      <EditDialog row={editing} onClose={() => setEditing(null)} />
    </>
  );

  return {
    actionsFor: (row: Row) => documentActions(side, row.status, can),
    run,
    /** The step running for a row, for a loading button. */
    pendingFor: (row: Row) => (act.isPending && act.variables?.row.id === row.id ? act.variables.action : null),
    dialogs,
  };
}

function FailDialog({
  row,
  pending,
  onClose,
  onSubmit,
}: {
  row: Row | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: (comment: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ comment: string }>();
  return (
    <Modal
      title={row ? `${t('qualifications.fail.title')} · ${row.fileCode}` : ''}
      open={!!row}
      width={500}
      mask={{ closable: false }}
      onCancel={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={pending}
      destroyOnHidden
      onOk={() =>
        void form
          .validateFields()
          .then((v) => onSubmit(v.comment.trim()))
          .catch(() => undefined)
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="comment"
          label={t('qualifications.fail.comment')}
          rules={[{ required: true, whitespace: true, message: t('qualifications.fail.commentRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Edits a draft or withdrawn request (the fields of the requested file), with the version it was read at. */
function EditDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ItemFormValues>();
  const detail = useQuery({
    queryKey: qualificationKeys.detail(row?.id ?? ''),
    queryFn: () => qualificationsApi.get(row!.id),
    enabled: !!row,
  });
  const save = useMutation({
    mutationFn: ({ doc, values }: { doc: QualificationDetail; values: ItemFormValues }) => {
      const { requirementId: _r, ...fields } = itemFromForm(values);
      return qualificationsApi.update(doc.id, { ...fields, version: doc.version });
    },
    meta: { form },
    onSuccess: async (saved) => {
      queryClient.setQueryData(qualificationKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: qualificationKeys.all });
      message.success(t('qualifications.done.saved'));
      onClose();
    },
  });
  const doc = detail.data;
  return (
    <Modal
      title={row ? t('qualifications.detail.editTitle', { code: row.fileCode }) : ''}
      open={!!row}
      width="50%"
      mask={{ closable: false }}
      onCancel={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !doc }}
      confirmLoading={save.isPending}
      destroyOnHidden
      onOk={() =>
        void form
          .validateFields()
          .then((values) => save.mutate({ doc: doc!, values: { ...EMPTY_ITEM, ...values } }))
          .catch(() => undefined)
      }
    >
      {doc ? (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={itemToForm({ ...doc, validDate: doc.validityType === 'date' ? doc.fileDqDate : null })}
        >
          <ItemFields />
        </Form>
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}
