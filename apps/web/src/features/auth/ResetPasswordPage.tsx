import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '@tagstock/contract/constants';
import { apiCall, ApiError } from '../../app/api-client';
import { AuthLayout } from './AuthLayout';
import { hasEmptyFields, ZNewPasswordForm, type TNewPasswordForm } from './forms';

const FIELDS = ['newPassword', 'confirmation'] as const;

/** The token is in the link's fragment: browsers never send it, so no server or proxy logs it. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/** Sets a new password with the one-time link the super admin handed over, then leads to the sign-in page. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  // Read once: the page may show before the app's router is loaded (a browser without a session).
  const [token] = useState(() => tokenOf(window.location.hash));
  const [formError, setFormError] = useState<string | null>(token ? null : 'auth.resetLinkInvalid');
  const [done, setDone] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, formState } = useForm<TNewPasswordForm>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { newPassword: '', confirmation: '' },
  });
  // Refused attempts so far: each one moves the focus to its message once shown.
  const [failures, setFailures] = useState(0);
  // Once the password is set, the confirmation replaces the form; a refused attempt shows its message: either takes
  // the focus as it shows (where the eyes and a screen reader go next).
  useEffect(() => {
    if (done || failures > 0) messageRef.current?.focus();
  }, [done, failures]);
  const failed = (key: string) => {
    setFormError(key);
    setFailures((n) => n + 1);
  };

  const onSubmit = async (values: TNewPasswordForm) => {
    setFormError(null);
    try {
      await apiCall({ url: '/auth/password-reset', method: 'POST', body: { token, ...values } });
      setDone(true);
    } catch (error) {
      failed(
        error instanceof ApiError && hasErrorCode(error.problem, 'reset_link_invalid')
          ? 'auth.resetLinkInvalid'
          : error instanceof ApiError && error.status === 429
            ? 'auth.tooManyAttempts'
            : 'errors.generic',
      );
    }
  };

  return (
    <AuthLayout title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')}>
      {done ? (
        <Stack spacing={2.5}>
          <Alert severity="success" ref={messageRef} tabIndex={-1}>
            {t('auth.resetDone')}
          </Alert>
          <Button href="/auth/sign-in" variant="contained" size="large">
            {t('auth.signIn')}
          </Button>
        </Stack>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(e) =>
            void handleSubmit(onSubmit, (errors) =>
              setFormError(hasEmptyFields(errors) ? 'validation.fillAllFields' : null),
            )(e)
          }
        >
          <Stack spacing={2.5}>
            {formError && (
              <Alert severity="error" role="alert" ref={messageRef} tabIndex={-1}>
                {t(formError)}
              </Alert>
            )}
            {FIELDS.map((name, i) => {
              const message = formState.errors[name]?.message;
              return (
                <TextField
                  key={name}
                  label={t(`fields.${name}`)}
                  type="password"
                  autoComplete="new-password"
                  autoFocus={i === 0 && Boolean(token)}
                  disabled={!token}
                  {...register(name)}
                  error={Boolean(message)}
                  helperText={message ? t(message) : undefined}
                />
              );
            })}
            <Button type="submit" variant="contained" size="large" disabled={!token || formState.isSubmitting}>
              {t('auth.resetSubmit')}
            </Button>
            <Button href="/auth/sign-in">{t('auth.backToSignIn')}</Button>
          </Stack>
        </Box>
      )}
    </AuthLayout>
  );
};
