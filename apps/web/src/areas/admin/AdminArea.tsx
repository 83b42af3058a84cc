import '../../app/api-setup';
import '../../app/i18n-admin';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppShell } from '../../components/AppShell';
import { Loading } from '../../components/Loading';
import { NotFound } from '../../components/NotFound';
import { RequirePermission, type RouteGuard } from '../../components/RequirePermission';
import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { ProfilePage } from '../../features/auth/ProfilePage';
import { PasswordPage } from '../../features/auth/PasswordPage';
import { ADMIN_NAV } from './admin-nav';
import { ADMIN_FEATURES } from './registry';

// Each screen is its own chunk: the dashboard does not load the Data Grid. One lazy component per screen for the
// app's lifetime: a new one at each render (the global loading bar re-renders the tree) would remount the page and
// show its fallback, closing an open dialog in the middle of typing.
// A route that creates or edits declares the permission it needs: without it the user sees "You are not allowed",
// never a greyed form.
const lazyPages = new Map<string, ComponentType>();
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, guard?: RouteGuard) => {
  let Page = lazyPages.get(name);
  if (!Page) {
    Page = lazy<ComponentType>(() => load().then((m) => ({ default: m[name] })));
    lazyPages.set(name, Page);
  }
  const element = (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
  return guard ? <RequirePermission guard={guard}>{element}</RequirePermission> : element;
};

export const AdminArea = () => (
  <Routes>
    <Route element={<AppShell basePath="/admin" nav={ADMIN_NAV} />}>
      <Route index element={<Navigate to="/admin/dashboard" replace />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="password" element={<PasswordPage />} />
      <Route path="articles" element={page(() => import('../../features/articles/ArticlesPage'), 'ArticlesPage')} />
      <Route
        path="articles/:id"
        element={page(() => import('../../features/articles/ArticleDetailPage'), 'ArticleDetailPage')}
      />
      <Route
        path="categories"
        element={page(() => import('../../features/categories/CategoriesPage'), 'CategoriesPage')}
      />
      <Route
        path="stockAlerts"
        element={page(() => import('../../features/articles/StockAlertsPage'), 'StockAlertsPage')}
      />
      <Route path="dlc" element={page(() => import('../../features/articles/DlcPage'), 'DlcPage')} />
      <Route path="reasons" element={page(() => import('../../features/reasons/ReasonsPage'), 'ReasonsPage')} />
      <Route path="suppliers" element={page(() => import('../../features/suppliers/SuppliersPage'), 'SuppliersPage')} />
      <Route
        path="suppliers/:id"
        element={page(() => import('../../features/suppliers/SupplierDetailPage'), 'SupplierDetailPage')}
      />
      <Route
        path="paymentModes"
        element={page(() => import('../../features/paymentModes/PaymentModesPage'), 'PaymentModesPage')}
      />
      <Route path="customers" element={page(() => import('../../features/customers/CustomersPage'), 'CustomersPage')} />
      <Route
        path="customerGroups"
        element={page(() => import('../../features/customers/CustomerGroupsPage'), 'CustomerGroupsPage')}
      />
      <Route
        path="customerGroups/:id"
        element={page(() => import('../../features/customers/CustomerGroupsPage'), 'CustomerGroupMembersPage')}
      />
      <Route path="tagLogs" element={page(() => import('../../features/rfid/TagLogsPage'), 'TagLogsPage')} />
      <Route path="tags" element={page(() => import('../../features/rfid/TagsPage'), 'TagsPage')} />
      <Route
        path="tagFamilies"
        element={page(() => import('../../features/rfid/TagFamiliesPage'), 'TagFamiliesPage')}
      />
      <Route path="readers" element={page(() => import('../../features/rfid/ReadersPage'), 'ReadersPage')} />
      <Route path="terminals" element={page(() => import('../../features/rfid/TerminalsPage'), 'TerminalsPage')} />
      <Route path="consumers" element={page(() => import('../../features/rfid/ConsumersPage'), 'ConsumersPage')} />
      <Route
        path="attributions"
        element={page(() => import('../../features/rfid/AttributionsPage'), 'AttributionsPage')}
      />
      <Route
        path="categoryAttributions"
        element={page(() => import('../../features/rfid/CategoryAttributionsPage'), 'CategoryAttributionsPage')}
      />
      <Route path="users" element={page(() => import('../../features/users/UsersPage'), 'UsersPage')} />
      <Route path="roles" element={page(() => import('../../features/roles/RolesPage'), 'RolesPage')} />
      <Route
        path="roles/:id"
        element={page(() => import('../../features/roles/RolePermissionsPage'), 'RolePermissionsPage')}
      />
      <Route
        path="bdcRb"
        element={page(() => import('../../features/platformOrders/PlatformOrdersPage'), 'PlatformOrdersPage')}
      />
      <Route
        path="bdcRb/new"
        element={page(() => import('../../features/platformOrders/PlatformOrderPage'), 'PlatformOrderPage', {
          requires: 'platformOrders.write',
          back: '/admin/bdcRb',
          backLabelKey: 'platformOrders.title',
        })}
      />
      <Route
        path="bdcRb/:id"
        element={page(() => import('../../features/platformOrders/PlatformOrderPage'), 'PlatformOrderPage')}
      />
      <Route
        path="reservations"
        element={page(() => import('../../features/reservations/ReservationsPage'), 'ReservationsPage')}
      />
      <Route
        path="receivedInvoices"
        element={page(() => import('../../features/receivedInvoices/ReceivedInvoicesPage'), 'ReceivedInvoicesPage')}
      />
      <Route
        path="receivedInvoices/:id"
        element={page(
          () => import('../../features/receivedInvoices/ReceivedInvoiceDetailPage'),
          'ReceivedInvoiceDetailPage',
        )}
      />
      <Route
        path="invoicePayments"
        element={page(() => import('../../features/invoicePayments/InvoicePaymentsPage'), 'InvoicePaymentsPage')}
      />
      <Route path="company" element={page(() => import('../../features/company/CompanyPage'), 'CompanyPage')} />
      <Route path="logs" element={page(() => import('../../features/logs/LogsPage'), 'LogsPage')} />
      {ADMIN_FEATURES.flatMap((feature) => feature.routes ?? []).map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={page(route.load as () => Promise<Record<string, ComponentType>>, route.page, route.guard)}
        />
      ))}
      <Route path="*" element={<NotFound homePath="/admin/dashboard" />} />
    </Route>
  </Routes>
);
