import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { SignInPage } from '../../features/auth/SignInPage';
import { lazyChunk } from '../../app/chunk-load';
import { Loading } from '../../components/Loading';

// Rarely opened: its own chunk, so the sign-in page does not carry its form library.
const ResetPasswordPage = lazyChunk(() => import('../../features/auth/ResetPasswordPage'), 'ResetPasswordPage');

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
