import type { Permission } from '@erp/domain/permissions';
import {
  BookText,
  Boxes,
  Download,
  Factory,
  FileText,
  Hammer,
  HelpCircle,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Scissors,
  Truck,
  Users,
  Workflow,
} from 'lucide-react';

/** `permission`: shown only to roles that have it (a screen only they use). */
export type NavItem = {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  end?: boolean;
  permission?: Permission;
};
export type NavSection = { titleKey: string | null; items: NavItem[] };

/** Seed section 2, app shell: labels are keys of the `app` namespace. */
export const NAV_SECTIONS: NavSection[] = [
  {
    titleKey: null,
    items: [
      { to: '/', labelKey: 'nav.dashboard', icon: LayoutDashboard, end: true },
      { to: '/inventory', labelKey: 'nav.inventory', icon: Boxes },
      { to: '/cutting', labelKey: 'nav.cutting', icon: Scissors },
      { to: '/shop-floor', labelKey: 'nav.shopFloor', icon: Hammer, permission: 'production.write' },
      { to: '/documents', labelKey: 'nav.documents', icon: FileText },
      { to: '/delivery-notes', labelKey: 'nav.deliveryNotes', icon: Truck },
    ],
  },
  {
    titleKey: 'nav.sectionManagement',
    items: [
      { to: '/clients', labelKey: 'nav.clients', icon: Users },
      { to: '/suppliers', labelKey: 'nav.suppliers', icon: Factory },
      { to: '/registers', labelKey: 'nav.registers', icon: BookText },
      { to: '/processes', labelKey: 'nav.processes', icon: Workflow },
      { to: '/products', labelKey: 'nav.products', icon: Package },
      { to: '/export', labelKey: 'sections.export', icon: Download },
    ],
  },
  {
    titleKey: 'nav.sectionHelp',
    items: [{ to: '/help', labelKey: 'nav.helpCenter', icon: HelpCircle }],
  },
];
