/** Demo data (DEMO=1) accounts; all share DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'demo-pass-2026';
export const DEMO_USERS = {
  admin: 'admin@demo.test',
  office: 'office@demo.test',
  viewer: 'viewer@demo.test',
  noAccess: 'noaccess@demo.test',
  tech1: 'tech1@demo.test',
  tech2: 'tech2@demo.test',
  sub1: 'sub1@demo.test',
} as const;
