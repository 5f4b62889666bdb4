import {
  Briefcase,
  CalendarDays,
  ClipboardList,
  ListChecks,
  FileText,
  Gavel,
  Magnet,
  PhoneCall,
  LayoutDashboard,
  Receipt,
  Settings,
  Truck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Auth } from '../lib/auth-context';

export type NavItem = { to: string; label: string; icon: LucideIcon; visible: (auth: Auth) => boolean };

const always = () => true;

/** Settings holds office screens; people who can use none of them reach their profile from the user menu. */
export function canOpenSettings(auth: Auth): boolean {
  return auth.can('settings.manage') || auth.can('users.read') || auth.can('subcontractors.read');
}

export const NAV_ITEMS: readonly NavItem[] = [
  /** The technician's day: technicians and Tech Access land here. */
  { to: '/workorder/my-day', label: 'My day', icon: ListChecks, visible: (a) => a.viewerClass === 'technician' },
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, visible: always },
  { to: '/workorder/jobs', label: 'Jobs', icon: Briefcase, visible: always },
  { to: '/workorder/tasks', label: 'Tasks', icon: ClipboardList, visible: always },
  { to: '/workorder/scheduler/calendar', label: 'Scheduler', icon: CalendarDays, visible: always },
  /** A subcontractor login's requests to bid; the office sees bids on each task instead. */
  { to: '/workorder/bids', label: 'Bid Requests', icon: Gavel, visible: (a) => a.can('bids.answer') },
  { to: '/workorder/estimates', label: 'Estimates', icon: FileText, visible: always },
  { to: '/workorder/invoices', label: 'Invoices', icon: Receipt, visible: always },
  { to: '/customers', label: 'Customers', icon: Users, visible: (a) => a.can('customers.read') },
  { to: '/leads', label: 'Leads', icon: Magnet, visible: (a) => a.can('leads.read') },
  /** The AI receptionist's call log: office roles. */
  { to: '/receptionist/calls', label: 'Calls', icon: PhoneCall, visible: (a) => a.can('receptionist.read') },
  { to: '/vehicles', label: 'Vehicles', icon: Truck, visible: (a) => a.can('vehicles.read') },
  { to: '/settings', label: 'Settings', icon: Settings, visible: canOpenSettings },
];
