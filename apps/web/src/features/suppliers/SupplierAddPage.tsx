import { ArrowLeftOutlined } from '@ant-design/icons';
import type { SupplierArchiveInput, SupplierCreateInput } from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Divider, Form, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OperationButton } from '../../components/OperationButton.tsx';
import { BuyerFields, CompanyFields, useClassOptions } from './SupplierFields.tsx';
import { supplierDetailPath, supplierKeys, suppliersApi } from './suppliers.api.ts';

type Values = Omit<SupplierCreateInput, 'contacts'> & { archive: SupplierArchiveInput };

const ARCHIVE_PATH = '/supplier/supfile';

/** /supplier/supfile/add (PO_SUP_ARC): an archive of a supplier that is not on Concord (yet). */
export function SupplierAddPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const classOptions = useClassOptions();
  const [form] = Form.useForm<Values>();
  const create = useMutation({
    mutationFn: (v: Values) =>
      suppliersApi.create({
        ...v,
        supCode: v.supCode?.trim() ?? '',
        supplierClassId: v.supplierClassId ?? null,
        lifeCycle: v.lifeCycle ?? '',
      }),
    meta: { form },
    onSuccess: (created) => {
      message.success(t('partners.add.created', { code: created.supCode }));
      void queryClient.invalidateQueries({ queryKey: supplierKeys.all });
      navigate(supplierDetailPath(created.id, 'contacts'));
    },
  });
  return (
    <Card className="page-card">
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(ARCHIVE_PATH)}>
          {t('partners.detail.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('partners.add.title')}
        </Typography.Title>
      </Space>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ adminMobileArea: '+86', archive: { currency: 'CNY' } }}
        onFinish={(v) => create.mutate(v)}
        style={{ maxWidth: 960 }}
      >
        <Divider titlePlacement="start" plain>
          {t('partners.sections.basic')}
        </Divider>
        <BuyerFields classOptions={classOptions} codeRequired={false} />
        <Divider titlePlacement="start" plain>
          {t('partners.sections.company')}
        </Divider>
        <CompanyFields prefix={['archive']} extra />
        <Space>
          <Button onClick={() => navigate(ARCHIVE_PATH)}>{t('common.cancel')}</Button>
          <OperationButton type="primary" htmlType="submit" permission="PO_SUP_ARC" loading={create.isPending}>
            {t('common.save')}
          </OperationButton>
        </Space>
      </Form>
    </Card>
  );
}
