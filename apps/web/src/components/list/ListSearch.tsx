import { Drawer, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListChrome } from './useListChrome.ts';
import './listKit.css';

/**
 * A list's search form: above the table on a desktop while the toolbar shows it; on a phone in the
 * drawer the toolbar's "Filters" button opens, one field a row, closed again by Search. The form stays
 * mounted in the closed drawer so Reset and the link's values reach it.
 */
export function ListSearch({
  chrome,
  children,
}: {
  chrome: Pick<ListChrome<never>, 'cards' | 'searchVisible' | 'filtersOpen' | 'closeFilters'>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (!chrome.cards) return chrome.searchVisible ? children : null;
  return (
    <Drawer
      title={t('list.filters')}
      placement="right"
      size="min(100vw, 420px)"
      open={chrome.filtersOpen}
      onClose={chrome.closeFilters}
      forceRender
      rootClassName="list-filters"
    >
      <Form.Provider onFormFinish={chrome.closeFilters}>{children}</Form.Provider>
    </Drawer>
  );
}
