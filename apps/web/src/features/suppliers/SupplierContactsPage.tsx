import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ContactsEditor } from './ContactsEditor.tsx';
import { supplierDetailPath, supplierKeys, suppliersApi } from './suppliers.api.ts';

/** /supplier/supfile/supuserInfo?id= (PO_SUP_ARC): the contacts of one supplier. */
export function SupplierContactsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useQuery({ queryKey: supplierKeys.detail(id), queryFn: () => suppliersApi.get(id), enabled: !!id });
  if (detail.isError || !id) {
    return (
      <Card className="page-card">
        <Result
          status="404"
          title={t('partners.detail.notFound')}
          extra={<Button onClick={() => navigate('/supplier/supfile')}>{t('partners.detail.back')}</Button>}
        />
      </Card>
    );
  }
  return (
    <Card className="page-card">
      {detail.data ? (
        <>
          <Space style={{ marginBottom: 12 }}>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(supplierDetailPath(id))}>
              {detail.data.supCode}
            </Button>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('partners.contacts.title', { name: detail.data.supName })}
            </Typography.Title>
          </Space>
          <ContactsEditor supplierId={id} editable />
        </>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
