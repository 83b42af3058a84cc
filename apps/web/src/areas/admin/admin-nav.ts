import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import type { NavItem } from '../../components/nav';

/** Screens appear here once they work (DESIGN §7); each new screen is one entry with its group. */
export const ADMIN_NAV: readonly NavItem[] = [
  { labelKey: 'nav.dashboard', path: '/admin/dashboard', icon: DashboardIcon, permission: 'dashboard.read' },
];
