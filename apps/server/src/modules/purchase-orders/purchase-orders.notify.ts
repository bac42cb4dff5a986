/** Operation-log module names: the history of an order or a change is its log entries on both sides. */
export const ORDER_MODULE = 'purchase-orders';
export const CHANGE_MODULE = 'purchase-order-changes';

export const buyerOrderLink = (id: string) => `/procurementConsignment/order/detail?id=${id}`;
export const supplierOrderLink = (id: string) => `/customer/order/detail?id=${id}`;
export const buyerChangeLink = (id: string) => `/purchasechange/order/detail?id=${id}`;
export const supplierChangeLink = (id: string) => `/orderchange/order/detail?id=${id}`;
