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
import RfidIcon from '@mui/icons-material/SensorsOutlined';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import TagIcon from '@mui/icons-material/NfcOutlined';
import FamilyIcon from '@mui/icons-material/StyleOutlined';
import TerminalIcon from '@mui/icons-material/PhoneAndroidOutlined';
import ConsumerIcon from '@mui/icons-material/BadgeOutlined';
import PaymentIcon from '@mui/icons-material/PaymentsOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import AttributionIcon from '@mui/icons-material/AssignmentIndOutlined';
import CategoryAttributionIcon from '@mui/icons-material/AssignmentOutlined';
import PlatformOrderIcon from '@mui/icons-material/ShoppingCartOutlined';
import ReservationIcon from '@mui/icons-material/BookmarkAddedOutlined';
import ReceivedInvoiceIcon from '@mui/icons-material/MoveToInboxOutlined';
import InvoicePaymentIcon from '@mui/icons-material/PriceCheckOutlined';
import { navWithFeatures } from '../../components/feature';
import type { NavItem } from '../../components/nav';
import { ADMIN_FEATURES } from './registry';

/**
 * Screens appear here once they work (DESIGN §7). A feature that declares itself (`<feature>/feature.ts`, found by
 * `registry.ts`) brings its own entry; the others are listed here, one entry with its group.
 */
const OWN_NAV: readonly NavItem[] = [
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
  {
    labelKey: 'nav.reservations',
    path: '/admin/reservations',
    icon: ReservationIcon,
    group: 'stock',
    permission: 'reservations.read',
  },
  { labelKey: 'nav.reasons', path: '/admin/reasons', icon: LabelIcon, group: 'stock', permission: 'reasons.read' },
  {
    labelKey: 'nav.suppliers',
    path: '/admin/suppliers',
    icon: ShippingIcon,
    group: 'purchasing',
    permission: 'suppliers.read',
  },
  {
    labelKey: 'nav.receivedInvoices',
    path: '/admin/receivedInvoices',
    icon: ReceivedInvoiceIcon,
    group: 'purchasing',
    permission: 'receivedInvoices.read',
  },
  {
    labelKey: 'nav.paymentModes',
    path: '/admin/paymentModes',
    icon: PaymentIcon,
    group: 'purchasing',
    permission: 'paymentModes.read',
  },
  {
    labelKey: 'nav.bdcRb',
    path: '/admin/bdcRb',
    icon: PlatformOrderIcon,
    group: 'purchasing',
    permission: 'platformOrders.read',
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
  {
    labelKey: 'nav.invoicePayments',
    path: '/admin/invoicePayments',
    icon: InvoicePaymentIcon,
    group: 'sales',
    permission: 'invoices.read',
  },
  { labelKey: 'nav.tagLogs', path: '/admin/tagLogs', icon: RfidIcon, group: 'rfid', permission: 'tags.read' },
  { labelKey: 'nav.tags', path: '/admin/tags', icon: TagIcon, group: 'rfid', permission: 'tags.read' },
  {
    labelKey: 'nav.tagFamilies',
    path: '/admin/tagFamilies',
    icon: FamilyIcon,
    group: 'rfid',
    permission: 'tags.read',
  },
  { labelKey: 'nav.readers', path: '/admin/readers', icon: RouterIcon, group: 'rfid', permission: 'readers.read' },
  {
    labelKey: 'nav.terminals',
    path: '/admin/terminals',
    icon: TerminalIcon,
    group: 'rfid',
    permission: 'terminals.read',
  },
  {
    labelKey: 'nav.consumers',
    path: '/admin/consumers',
    icon: ConsumerIcon,
    group: 'rfid',
    permission: 'consumers.read',
  },
  {
    labelKey: 'nav.attributions',
    path: '/admin/attributions',
    icon: AttributionIcon,
    group: 'rfid',
    permission: 'attributions.read',
  },
  {
    labelKey: 'nav.categoryAttributions',
    path: '/admin/categoryAttributions',
    icon: CategoryAttributionIcon,
    group: 'rfid',
    permission: 'attributions.read',
  },
  { labelKey: 'nav.users', path: '/admin/users', icon: PeopleIcon, group: 'administration', permission: 'users.read' },
  {
    labelKey: 'nav.roles',
    path: '/admin/roles',
    icon: SecurityIcon,
    group: 'administration',
    permission: 'roles.read',
  },
  {
    labelKey: 'nav.company',
    path: '/admin/company',
    icon: BusinessIcon,
    group: 'administration',
    permission: 'company.read',
  },
  { labelKey: 'nav.logs', path: '/admin/logs', icon: HistoryIcon, group: 'administration', permission: 'logs.read' },
];

export const ADMIN_NAV: readonly NavItem[] = navWithFeatures(OWN_NAV, ADMIN_FEATURES);
