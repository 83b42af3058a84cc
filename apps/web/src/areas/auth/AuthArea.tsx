import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { SignInPage } from '../../features/auth/SignInPage';
import { Loading } from '../../components/Loading';

// Rarely opened: its own chunk, so the sign-in page does not carry its form library.
const ResetPasswordPage = lazy(() =>
  import('../../features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);

export const AuthArea = () => (
  <Routes>
    <Route path="sign-in" element={<SignInPage />} />
    <Route
      path="reset-password"
      element={
        <Suspense fallback={<Loading />}>
          <ResetPasswordPage />
        </Suspense>
      }
    />
    <Route path="*" element={<Navigate to="/auth/sign-in" replace />} />
  </Routes>
);
