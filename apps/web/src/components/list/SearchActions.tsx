import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The last item of a list's search form. Reset is the page's `clear` of useListFilter: it knows which
 * fields to clear and which URL parameters survive.
 */
export function SearchActions({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('list.search')}
        </Button>
        <Button icon={<UndoOutlined />} onClick={onReset}>
          {t('list.reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}
