import { DashboardOutlined, ReloadOutlined } from '@ant-design/icons';
import type { DocumentSide, WorkbenchItem, WorkbenchRow } from '@concord/shared';
import { Button, Card, Col, Empty, Flex, Result, Row, Skeleton, Space, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../components/PermissionGate.tsx';
import { formatDate, formatDateTime, todayDate } from '../../lib/dates.ts';
import { useWorkbench } from './useWorkbench.ts';
import { linkHref } from './workbench.api.ts';

/** Secondary text dark enough for WCAG AA on white (antd's secondary grey is not). */
const muted: CSSProperties = { color: 'rgba(0, 0, 0, 0.65)' };
/** A day already past (a delivery expected before today, a document no longer valid): red, as UI.md's "expired". */
const overdue: CSSProperties = { color: '#cf1322' };
const COCKPIT_PATH = '/cockpit';

interface SideGroup {
  side: DocumentSide;
  waiting: WorkbenchItem[];
  idle: WorkbenchItem[];
  total: number;
}

/** The items by side, the side with more waiting first; a side the caller has no item of is left out. */
export function groupBySide(items: readonly WorkbenchItem[]): SideGroup[] {
  const sides: DocumentSide[] = ['buyer', 'supplier'];
  return sides
    .map((side) => {
      const mine = items.filter((i) => i.side === side);
      return {
        side,
        waiting: mine.filter((i) => i.count > 0),
        idle: mine.filter((i) => i.count === 0),
        total: mine.reduce((n, i) => n + i.count, 0),
      };
    })
    .filter((g) => g.waiting.length + g.idle.length > 0)
    .sort((a, b) => b.total - a.total);
}

function RowLine({ item, row }: { item: WorkbenchItem; row: WorkbenchRow }) {
  const { t } = useTranslation();
  const party = item.side === 'buyer' ? row.supName : row.customerName;
  const value = row.date ? formatDate(row.date) : row.at ? formatDateTime(row.at) : '';
  const past = row.date !== null && row.date < todayDate();
  return (
    <li style={{ display: 'flex', gap: 8, padding: '6px 0', borderTop: '1px solid #f0f0f0' }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Link to={row.path}>{row.documentNo}</Link>
        <Typography.Text ellipsis={{ tooltip: party }} style={{ ...muted, display: 'block' }}>
          {party}
        </Typography.Text>
      </div>
      {value && (
        <span style={{ ...(past ? overdue : muted), whiteSpace: 'nowrap', textAlign: 'right' }}>
          {t(`workbench.items.${item.key}.when`, { value })}
        </span>
      )}
    </li>
  );
}

function ItemCard({ item }: { item: WorkbenchItem }) {
  const { t } = useTranslation();
  const href = linkHref(item.link);
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={`workbench-${item.side}-${item.key}`}>
      {/* One link, read as "7 Counter-proposals to answer": the space between the two is real text. */}
      <Link to={href} style={{ display: 'block' }}>
        <span
          style={{ fontSize: 28, fontWeight: 600, lineHeight: 1.2, marginInlineEnd: 4 }}
          data-testid="workbench-count"
        >
          {item.count}
        </span>{' '}
        <span style={{ fontSize: 15 }}>{t(`workbench.items.${item.key}.title`)}</span>
      </Link>
      <ul style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
        {item.rows.map((row) => (
          <RowLine key={row.id} item={item} row={row} />
        ))}
      </ul>
      {item.count > item.rows.length && (
        <div style={{ marginTop: 4 }}>
          <Link to={href}>{t('workbench.viewAll', { count: item.count })}</Link>
        </div>
      )}
    </Card>
  );
}

function SideSection({ group }: { group: SideGroup }) {
  const { t } = useTranslation();
  const headingId = `workbench-side-${group.side}`;
  return (
    <section aria-labelledby={headingId} style={{ marginBottom: 16 }}>
      <Typography.Title level={2} id={headingId} style={{ fontSize: 16, margin: '0 0 8px' }}>
        {t(`workbench.sides.${group.side}`)}
      </Typography.Title>
      {group.waiting.length > 0 && (
        <Row gutter={[12, 12]}>
          {group.waiting.map((item) => (
            <Col key={item.key} xs={24} md={12} xl={8}>
              <ItemCard item={item} />
            </Col>
          ))}
        </Row>
      )}
      {group.idle.length > 0 && (
        <p style={{ ...muted, margin: '8px 0 0', lineHeight: 1.8 }}>
          {t('workbench.idle')}{' '}
          {group.idle.map((item, i) => (
            <span key={item.key}>
              {i > 0 && ' · '}
              <Link to={linkHref(item.link)}>{t(`workbench.items.${item.key}.title`)}</Link>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}

/**
 * `/`: what waits for the signed-in member on each side of its enterprise (UI.md workbench), each
 * count a link to the list filtered to those documents, with the first few of them.
 */
export function WorkbenchPage() {
  const { t } = useTranslation();
  const workbench = useWorkbench();
  const cockpit = usePermission('PO_REP');
  const { data } = workbench;

  // In the body, not the card's head: on a phone the head has no room for them beside the title.
  const toolbar = (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
      <span style={muted}>
        {data ? t('workbench.updatedAt', { time: formatDateTime(workbench.dataUpdatedAt) }) : null}
      </span>
      <Space wrap>
        {cockpit && (
          <Link to={COCKPIT_PATH}>
            <DashboardOutlined /> {t('workbench.cockpit.title')}
          </Link>
        )}
        <Button icon={<ReloadOutlined />} loading={workbench.isFetching} onClick={() => void workbench.refetch()}>
          {t('workbench.refresh')}
        </Button>
      </Space>
    </Flex>
  );

  if (workbench.isError && !data) {
    return (
      <Card className="page-card">
        <Result
          status="error"
          title={t('workbench.loadFailed')}
          subTitle={workbench.error.message}
          extra={<Button onClick={() => void workbench.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }

  const groups = data ? groupBySide(data.items) : [];
  const total = groups.reduce((n, g) => n + g.total, 0);
  return (
    <Card className="page-card" title={t('workbench.title')}>
      {toolbar}
      {!data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : total === 0 ? (
        <Empty
          description={
            <>
              <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                {t('workbench.empty')}
              </Typography.Title>
              <span style={muted}>{t('workbench.emptyHint')}</span>
            </>
          }
        />
      ) : (
        groups.map((group) => <SideSection key={group.side} group={group} />)
      )}
    </Card>
  );
}
