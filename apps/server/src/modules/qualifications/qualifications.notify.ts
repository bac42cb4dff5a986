/** Operation-log module name of qualification documents (history of a document = its log entries). */
export const MODULE = 'qualifications';

export const buyerLink = (id: string) => `/supplier/qualification/detail?id=${id}`;
export const supplierLink = (id: string) => `/sale/customer/detail?id=${id}`;
