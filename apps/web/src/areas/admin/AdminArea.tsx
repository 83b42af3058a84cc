import '../../app/api-setup';
import '../../app/i18n-admin';
import { Suspense, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { AppShell } from '../../components/AppShell';
import { Loading } from '../../components/Loading';
import { NotFound } from '../../components/NotFound';
import { RequirePermission, type RouteGuard } from '../../components/RequirePermission';
import type { FeatureRoute } from '../../components/feature';
import { ProfilePage } from '../../features/auth/ProfilePage';
import { PasswordPage } from '../../features/auth/PasswordPage';
import { ChunkBoundary } from '../../app/ChunkBoundary';
import { lazyChunk, preloadChunk } from '../../app/chunk-load';
import { ADMIN_NAV } from './admin-nav';
import { ADMIN_FEATURES } from './registry';

// Each screen is its own chunk: the dashboard does not load the Data Grid. A route that creates or edits declares the
// permission it needs: without it the user sees "You are not allowed", never a greyed form.
const PAGES: readonly FeatureRoute[] = [
  { path: 'articles', load: () => import('../../features/articles/ArticlesPage'), page: 'ArticlesPage' },
  { path: 'articles/:id', load: () => import('../../features/articles/ArticleDetailPage'), page: 'ArticleDetailPage' },
  { path: 'categories', load: () => import('../../features/categories/CategoriesPage'), page: 'CategoriesPage' },
  { path: 'stockAlerts', load: () => import('../../features/articles/StockAlertsPage'), page: 'StockAlertsPage' },
  { path: 'dlc', load: () => import('../../features/articles/DlcPage'), page: 'DlcPage' },
  { path: 'reasons', load: () => import('../../features/reasons/ReasonsPage'), page: 'ReasonsPage' },
  { path: 'suppliers', load: () => import('../../features/suppliers/SuppliersPage'), page: 'SuppliersPage' },
  {
    path: 'suppliers/:id',
    load: () => import('../../features/suppliers/SupplierDetailPage'),
    page: 'SupplierDetailPage',
  },
  {
    path: 'paymentModes',
    load: () => import('../../features/paymentModes/PaymentModesPage'),
    page: 'PaymentModesPage',
  },
  { path: 'customers', load: () => import('../../features/customers/CustomersPage'), page: 'CustomersPage' },
  {
    path: 'customerGroups',
    load: () => import('../../features/customers/CustomerGroupsPage'),
    page: 'CustomerGroupsPage',
  },
  {
    path: 'customerGroups/:id',
    load: () => import('../../features/customers/CustomerGroupsPage'),
    page: 'CustomerGroupMembersPage',
  },
  { path: 'tagLogs', load: () => import('../../features/rfid/TagLogsPage'), page: 'TagLogsPage' },
  { path: 'tags', load: () => import('../../features/rfid/TagsPage'), page: 'TagsPage' },
  { path: 'tagFamilies', load: () => import('../../features/rfid/TagFamiliesPage'), page: 'TagFamiliesPage' },
  { path: 'readers', load: () => import('../../features/rfid/ReadersPage'), page: 'ReadersPage' },
  { path: 'terminals', load: () => import('../../features/rfid/TerminalsPage'), page: 'TerminalsPage' },
  { path: 'consumers', load: () => import('../../features/rfid/ConsumersPage'), page: 'ConsumersPage' },
  { path: 'attributions', load: () => import('../../features/rfid/AttributionsPage'), page: 'AttributionsPage' },
  {
    path: 'categoryAttributions',
    load: () => import('../../features/rfid/CategoryAttributionsPage'),
    page: 'CategoryAttributionsPage',
  },
  { path: 'users', load: () => import('../../features/users/UsersPage'), page: 'UsersPage' },
  { path: 'roles', load: () => import('../../features/roles/RolesPage'), page: 'RolesPage' },
  { path: 'roles/:id', load: () => import('../../features/roles/RolePermissionsPage'), page: 'RolePermissionsPage' },
  { path: 'bdcRb', load: () => import('../../features/platformOrders/PlatformOrdersPage'), page: 'PlatformOrdersPage' },
  {
    path: 'bdcRb/new',
    load: () => import('../../features/platformOrders/PlatformOrderPage'),
    page: 'PlatformOrderPage',
    guard: { requires: 'platformOrders.write', back: '/admin/bdcRb', backLabelKey: 'platformOrders.title' },
  },
  {
    path: 'bdcRb/:id',
    load: () => import('../../features/platformOrders/PlatformOrderPage'),
    page: 'PlatformOrderPage',
  },
  {
    path: 'reservations',
    load: () => import('../../features/reservations/ReservationsPage'),
    page: 'ReservationsPage',
  },
  {
    path: 'receivedInvoices',
    load: () => import('../../features/receivedInvoices/ReceivedInvoicesPage'),
    page: 'ReceivedInvoicesPage',
  },
  {
    path: 'receivedInvoices/:id',
    load: () => import('../../features/receivedInvoices/ReceivedInvoiceDetailPage'),
    page: 'ReceivedInvoiceDetailPage',
  },
  {
    path: 'invoicePayments',
    load: () => import('../../features/invoicePayments/InvoicePaymentsPage'),
    page: 'InvoicePaymentsPage',
  },
  { path: 'company', load: () => import('../../features/company/CompanyPage'), page: 'CompanyPage' },
  { path: 'logs', load: () => import('../../features/logs/LogsPage'), page: 'LogsPage' },
  ...ADMIN_FEATURES.flatMap((feature) => feature.routes ?? []),
];

// The dashboard is a chunk too: another screen opened first does not wait for its widgets' code.
const DASHBOARD = { load: () => import('../../features/dashboard/DashboardPage'), page: 'DashboardPage' };

// One lazy component per screen for the app's lifetime: a new one at each render (the global loading bar re-renders
// the tree) would remount the page and show its fallback, closing an open dialog in the middle of typing.
const lazyPages = new Map<string, ComponentType>();
const page = ({ load, page: name, guard }: { load: FeatureRoute['load']; page: string; guard?: RouteGuard }) => {
  let Page = lazyPages.get(name);
  if (!Page) {
    Page = lazyChunk(load as () => Promise<Record<string, ComponentType>>, name);
    lazyPages.set(name, Page);
  }
  // A page whose chunk fails shows the reload prompt inside the shell: the menu stays.
  const element = (
    <ChunkBoundary>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </ChunkBoundary>
  );
  return guard ? <RequirePermission guard={guard}>{element}</RequirePermission> : element;
};

/**
 * Loads the page of an address under /admin while the app boots (the boot knows it before any render); answers once
 * it is there (or failed: the page's place then shows the reload prompt).
 */
export const preloadAdminPage = async (pathname: string): Promise<void> => {
  const found = [{ path: 'dashboard', ...DASHBOARD }, ...PAGES].find((route) =>
    matchPath(`/admin/${route.path}`, pathname),
  );
  if (found) await preloadChunk(found.load).catch(() => undefined);
};

export const AdminArea = () => (
  <Routes>
    <Route element={<AppShell basePath="/admin" nav={ADMIN_NAV} />}>
      <Route index element={<Navigate to="/admin/dashboard" replace />} />
      <Route path="dashboard" element={page(DASHBOARD)} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="password" element={<PasswordPage />} />
      {PAGES.map((route) => (
        <Route key={route.path} path={route.path} element={page(route)} />
      ))}
      <Route path="*" element={<NotFound homePath="/admin/dashboard" />} />
    </Route>
  </Routes>
);
