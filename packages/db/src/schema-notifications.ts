/** Tables and columns of migration 0026: the office's notification bell. */
export type NotificationsTable = {
  id: string;
  tenant_id: string;
  kind: string;
  record_id: string;
  /** JSON of the figures the text is made of (number, who, amount). */
  params: string;
  created_at: string;
};

/** One row per office user told about a notification; read_at null while unread. */
export type NotificationRecipientsTable = {
  tenant_id: string;
  notification_id: string;
  user_id: string;
  kind: string;
  created_at: string;
  read_at: string | null;
};

export type NotificationTables = {
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
};
