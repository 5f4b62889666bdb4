import type { Auth } from '../../lib/auth-context';

export type SettingsNavItem = { to: string; label: string; visible: (auth: Auth) => boolean };

export const SETTINGS_NAV: readonly SettingsNavItem[] = [
  { to: '/settings/users', label: 'Users', visible: (a) => a.can('users.read') },
  { to: '/settings/users/invited', label: 'Invitations', visible: (a) => a.can('users.manage') },
  { to: '/settings/zones', label: 'Zones', visible: (a) => a.can('settings.manage') },
  { to: '/settings/tags', label: 'Tags', visible: (a) => a.can('settings.manage') },
  { to: '/subcontractors', label: 'Subcontractors', visible: (a) => a.can('subcontractors.read') },
  { to: '/settings/company', label: 'Company', visible: (a) => a.can('settings.manage') },
  { to: '/settings/payments', label: 'Payments', visible: (a) => a.can('settings.manage') },
  { to: '/settings/texts', label: 'Text messages', visible: (a) => a.can('settings.manage') },
  { to: '/settings/emails', label: 'Emails', visible: (a) => a.can('settings.manage') },
  { to: '/settings/delivery', label: 'Delivery', visible: (a) => a.can('settings.manage') },
  { to: '/settings/api-tokens', label: 'API tokens', visible: (a) => a.can('tokens.self') },
  { to: '/settings/user-profile', label: 'My profile', visible: (a) => a.can('profile.self') },
];

/** Where /settings lands: the first entry this person may open. */
export function firstSettingsPath(auth: Auth): string {
  return SETTINGS_NAV.find((item) => item.visible(auth))?.to ?? '/settings/user-profile';
}
