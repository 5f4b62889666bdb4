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
  Repeat,
  Settings,
  Truck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Auth } from '../lib/auth-context';
import { canOpenWorkOrderPage } from '../shared/access/route-guards';

export type NavItem = { to: string; label: string; icon: LucideIcon; visible: (auth: Auth) => boolean };

/** Each item is shown by the same test its page's guard applies, so no link leads to a no-access page. */
const workOrder = (a: Auth) => canOpenWorkOrderPage(a);
const fieldWorkOrder = (a: Auth) => canOpenWorkOrderPage(a, 'allow');

/** Settings holds office screens; people who can use none of them reach their profile from the user menu. */
export function canOpenSettings(auth: Auth): boolean {
  return auth.can('settings.manage') || auth.can('users.read') || auth.can('subcontractors.read');
}

export const NAV_ITEMS: readonly NavItem[] = [
  /** The technician's day: technicians and Tech Access land here. */
  { to: '/workorder/my-day', label: 'My day', icon: ListChecks, visible: (a) => a.viewerClass === 'technician' },
  /** Everyone else's home; technicians' dashboard route forwards to My day. */
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, visible: (a) => a.viewerClass !== 'technician' },
  { to: '/workorder/jobs', label: 'Jobs', icon: Briefcase, visible: workOrder },
  /** Service plans: recurring work, an office screen (technicians and subcontractors see only its visits). */
  { to: '/plans', label: 'Plans', icon: Repeat, visible: workOrder },
  { to: '/workorder/tasks', label: 'Tasks', icon: ClipboardList, visible: fieldWorkOrder },
  { to: '/workorder/scheduler/calendar', label: 'Scheduler', icon: CalendarDays, visible: fieldWorkOrder },
  /** A subcontractor login's requests to bid; the office sees bids on each task instead. */
  { to: '/workorder/bids', label: 'Bid Requests', icon: Gavel, visible: (a) => a.can('bids.answer') },
  { to: '/workorder/estimates', label: 'Estimates', icon: FileText, visible: workOrder },
  { to: '/workorder/invoices', label: 'Invoices', icon: Receipt, visible: workOrder },
  { to: '/customers', label: 'Customers', icon: Users, visible: (a) => a.can('customers.read') },
  { to: '/leads', label: 'Leads', icon: Magnet, visible: (a) => a.can('leads.read') },
  /** The AI receptionist's call log: office roles. */
  { to: '/receptionist/calls', label: 'Calls', icon: PhoneCall, visible: (a) => a.can('receptionist.read') },
  { to: '/vehicles', label: 'Vehicles', icon: Truck, visible: (a) => a.can('vehicles.read') },
  { to: '/settings', label: 'Settings', icon: Settings, visible: canOpenSettings },
];
