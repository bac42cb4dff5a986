/** The messages namespace (notifications, message centre and settings); zh-CN and zh-TW are typed from it. */
export const messagesEnUS = {
  newMessage: 'New message',
  detail: 'Message',
  open: 'Open',
  markAllRead: 'Mark all read',
  allKinds: 'All kinds',
  kind: 'Kind',
  empty: 'No messages here',
  tabs: { unread: 'Unread', read: 'Read', all: 'All' },
  kinds: {
    system: 'System',
    contract: 'Contract',
    order: 'Order',
    delivery: 'Delivery',
    qualification: 'Qualification',
  },
  emailEnabled: 'E-mail notifications',
  emailHint: 'Also send each new message to your e-mail address.',
  mutedKinds: 'Muted kinds',
  mutedHint: 'Messages of these kinds are kept in the list but raise no notification.',
  settingsNote: 'These settings apply to you in the current enterprise.',
} as const;
