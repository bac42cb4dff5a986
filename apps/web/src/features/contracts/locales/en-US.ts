/** The contracts namespace; zh-CN and zh-TW are typed from it. The screens are not built yet (issue 22). */
export const contractsEnUS = {
  statuses: {
    draft: 'Draft',
    sent: 'Sent for signature',
    signed: 'Signed by supplier',
    returned: 'Returned',
    effective: 'Effective',
    expired: 'Expired',
    terminated: 'Terminated',
    cancelled: 'Cancelled',
  },
};
