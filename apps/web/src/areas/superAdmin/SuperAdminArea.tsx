import '../../app/api-setup';
// The readers' and terminals' texts are the admin area's.
import '../../app/i18n-admin';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppShell } from '../../components/AppShell';
import { NotFound } from '../../components/NotFound';
import { TenantsPage } from '../../features/tenants/TenantsPage';
import { PlatformUsersPage } from '../../features/tenants/PlatformUsersPage';
import { ProfilePage } from '../../features/auth/ProfilePage';
import { PasswordPage } from '../../features/auth/PasswordPage';
import { PlatformReadersPage, PlatformTerminalsPage } from '../../features/rfid/PlatformPages';
import { AdminPlatformOrderPage } from '../../features/platformOrders/PlatformOrderPage';
import { AdminPlatformOrdersPage } from '../../features/platformOrders/PlatformOrdersPage';
import { PlatformProductsPage } from '../../features/platformOrders/PlatformProductsPage';
import { BackupsPage } from '../../features/backups/BackupsPage';
import { SUPER_ADMIN_NAV } from './super-admin-nav';

export const SuperAdminArea = () => {
  const { t } = useTranslation();
  return (
    <Routes>
      <Route element={<AppShell basePath="/superAdmin" nav={SUPER_ADMIN_NAV} badge={t('superAdmin.badge')} />}>
        <Route index element={<TenantsPage />} />
        <Route path="tenants" element={<TenantsPage />} />
        <Route path="users" element={<PlatformUsersPage />} />
        <Route path="readers" element={<PlatformReadersPage />} />
        <Route path="terminals" element={<PlatformTerminalsPage />} />
        <Route path="bdcRb" element={<AdminPlatformOrdersPage />} />
        <Route path="bdcRb/:id" element={<AdminPlatformOrderPage />} />
        <Route path="platformProducts" element={<PlatformProductsPage />} />
        <Route path="backups" element={<BackupsPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="password" element={<PasswordPage />} />
        <Route path="*" element={<NotFound homePath="/superAdmin" />} />
      </Route>
    </Routes>
  );
};
