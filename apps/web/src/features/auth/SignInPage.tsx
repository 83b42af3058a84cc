import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { TSignInResponse } from '@tagstock/contract';
import { useAppDispatch } from '../../app/hooks';
import { login } from '../../app/auth-slice';
import { apiCall, ApiError } from '../../app/api-client';
import { LightTextField } from '../../components/LightTextField';
import { AuthLayout } from './AuthLayout';
import Box from '@mui/material/Box';
import { validateSignIn, type TSignInErrors, type TSignInForm } from './sign-in-form';

const errorKeyOf = (error: unknown): string => {
  if (!(error instanceof ApiError)) return 'errors.generic';
  if (error.status === 401 && error.problem.code === 'tenant_disabled') return 'auth.tenantDisabled';
  if (error.status === 401) return 'auth.signInFailed';
  if (error.status === 429) return 'auth.tooManyAttempts';
  if (error.status === 0) return 'errors.network';
  return 'errors.generic';
};

// No react-hook-form or RTK Query here: they would load with the first page (bundle budget, see vite.config.ts).
export const SignInPage = () => {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [isLoading, setIsLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<TSignInErrors>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const checked = validateSignIn({
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    });
    setFailure(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setIsLoading(true);
    try {
      const session = await apiCall<TSignInResponse>({ url: '/auth/sign-in', method: 'POST', body: checked.values });
      // The root routes follow the session: this moves the user to their area.
      dispatch(login({ user: session.user, token: session.token, permissions: session.permissions }));
    } catch (error) {
      setFailure(errorKeyOf(error));
      setIsLoading(false);
    }
  };

  const fieldError = (name: keyof TSignInForm) => {
    const message = errors[name];
    return message ? t(message) : undefined;
  };

  return (
    <AuthLayout title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Stack spacing={2.5}>
          {failure && (
            <Alert severity="error" role="alert">
              {t(failure)}
            </Alert>
          )}
          <LightTextField
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            autoFocus
            name="email"
            error={Boolean(errors.email)}
            helperText={fieldError('email')}
          />
          <LightTextField
            label={t('fields.password')}
            type="password"
            autoComplete="current-password"
            name="password"
            error={Boolean(errors.password)}
            helperText={fieldError('password')}
          />
          <Button type="submit" variant="contained" size="large" disabled={isLoading}>
            {t('auth.signIn')}
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
};
