import type { DescriptionsProps } from 'antd';

/**
 * The key facts of a detail page (UI.md detail page): a label stays on one line at its own width, so a
 * long supplier name or remark beside it wraps instead of squeezing the label into a column of
 * single characters.
 */
export const DETAIL_DESCRIPTIONS: Pick<DescriptionsProps, 'styles'> = {
  styles: {
    label: { whiteSpace: 'nowrap' },
    content: { overflowWrap: 'anywhere', minWidth: 96 },
  },
};
