import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import EventIcon from '@mui/icons-material/EventBusyOutlined';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import ShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import StoreIcon from '@mui/icons-material/StorefrontOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import SecurityIcon from '@mui/icons-material/SecurityOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import type { NavItem } from '../../components/nav';

/** Screens appear here once they work (DESIGN §7); each new screen is one entry with its group. */
export const ADMIN_NAV: readonly NavItem[] = [
  { labelKey: 'nav.dashboard', path: '/admin/dashboard', icon: DashboardIcon, permission: 'dashboard.read' },
  {
    labelKey: 'nav.articles',
    path: '/admin/articles',
    icon: InventoryIcon,
    group: 'stock',
    permission: 'articles.read',
  },
  {
    labelKey: 'nav.categories',
    path: '/admin/categories',
    icon: CategoryIcon,
    group: 'stock',
    permission: 'categories.read',
  },
  {
    labelKey: 'nav.stockAlerts',
    path: '/admin/stockAlerts',
    icon: WarningIcon,
    group: 'stock',
    permission: 'articles.read',
  },
  { labelKey: 'nav.dlc', path: '/admin/dlc', icon: EventIcon, group: 'stock', permission: 'articles.read' },
  { labelKey: 'nav.reasons', path: '/admin/reasons', icon: LabelIcon, group: 'stock', permission: 'reasons.read' },
  {
    labelKey: 'nav.suppliers',
    path: '/admin/suppliers',
    icon: ShippingIcon,
    group: 'purchasing',
    permission: 'suppliers.read',
  },
  {
    labelKey: 'nav.customers',
    path: '/admin/customers',
    icon: StoreIcon,
    group: 'sales',
    permission: 'customers.read',
  },
  {
    labelKey: 'nav.customerGroups',
    path: '/admin/customerGroups',
    icon: GroupsIcon,
    group: 'sales',
    permission: 'customers.read',
  },
  { labelKey: 'nav.users', path: '/admin/users', icon: PeopleIcon, group: 'administration', permission: 'users.read' },
  {
    labelKey: 'nav.roles',
    path: '/admin/roles',
    icon: SecurityIcon,
    group: 'administration',
    permission: 'roles.read',
  },
  { labelKey: 'nav.logs', path: '/admin/logs', icon: HistoryIcon, group: 'administration', permission: 'logs.read' },
];
