import { Navigate, Route, Routes } from 'react-router';
import { SignInPage } from '../../features/auth/SignInPage';

export const AuthArea = () => (
  <Routes>
    <Route path="sign-in" element={<SignInPage />} />
    <Route path="*" element={<Navigate to="/auth/sign-in" replace />} />
  </Routes>
);
