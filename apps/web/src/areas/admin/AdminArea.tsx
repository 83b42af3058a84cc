import '../../app/api-setup';
import { Navigate, Route, Routes } from 'react-router';
import { AppShell } from '../../components/AppShell';
import { NotFound } from '../../components/NotFound';
import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { ProfilePage } from '../../features/auth/ProfilePage';
import { PasswordPage } from '../../features/auth/PasswordPage';
import { ADMIN_NAV } from './admin-nav';

export const AdminArea = () => (
  <Routes>
    <Route element={<AppShell basePath="/admin" nav={ADMIN_NAV} />}>
      <Route index element={<Navigate to="/admin/dashboard" replace />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="password" element={<PasswordPage />} />
      <Route path="*" element={<NotFound homePath="/admin/dashboard" />} />
    </Route>
  </Routes>
);
