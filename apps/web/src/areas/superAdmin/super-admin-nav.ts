import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import type { NavItem } from '../../components/nav';

export const SUPER_ADMIN_NAV: readonly NavItem[] = [
  { labelKey: 'nav.tenants', path: '/superAdmin', icon: BusinessIcon, group: 'administration', end: true },
];
