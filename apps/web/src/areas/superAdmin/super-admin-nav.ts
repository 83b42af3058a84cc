import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroidOutlined';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import PlatformOrderIcon from '@mui/icons-material/ShoppingCartOutlined';
import CatalogueIcon from '@mui/icons-material/Inventory2Outlined';
import BackupIcon from '@mui/icons-material/BackupOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import type { NavItem } from '../../components/nav';

export const SUPER_ADMIN_NAV: readonly NavItem[] = [
  // The area's home shows the tenants too.
  { labelKey: 'nav.tenants', path: '/superAdmin/tenants', icon: BusinessIcon, group: 'administration' },
  { labelKey: 'nav.users', path: '/superAdmin/users', icon: PeopleIcon, group: 'administration' },
  { labelKey: 'nav.readers', path: '/superAdmin/readers', icon: RouterIcon, group: 'rfid' },
  { labelKey: 'nav.terminals', path: '/superAdmin/terminals', icon: PhoneAndroidIcon, group: 'rfid' },
  { labelKey: 'nav.platformOrders', path: '/superAdmin/bdcRb', icon: PlatformOrderIcon, group: 'purchasing' },
  {
    labelKey: 'nav.platformProducts',
    path: '/superAdmin/platformProducts',
    icon: CatalogueIcon,
    group: 'purchasing',
  },
  { labelKey: 'nav.backups', path: '/superAdmin/backups', icon: BackupIcon, group: 'administration' },
];
