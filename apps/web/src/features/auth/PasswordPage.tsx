import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../app/hooks';
import { setToken } from '../../app/auth-slice';
import { isQueryError } from '../../app/base-api';
import { useChangePasswordMutation } from './api';
import { hasEmptyFields, ZPasswordForm, type TPasswordForm } from './forms';

const FIELDS = ['currentPassword', 'newPassword', 'confirmation'] as const;
const AUTOCOMPLETE = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmation: 'new-password',
} as const;

export const PasswordPage = () => {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<TPasswordForm>({
    resolver: zodResolver(ZPasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmation: '' },
  });

  const onSubmit = async (values: TPasswordForm) => {
    setFormError(null);
    try {
      const { token } = await changePassword(values).unwrap();
      // The change revokes every older token, including the one in use.
      dispatch(setToken(token));
      reset();
      toast.success(t('auth.passwordChanged'));
    } catch (error) {
      if (isQueryError(error) && error.problem.code === 'wrong_password') {
        setError('currentPassword', { message: 'auth.wrongPassword' });
        return;
      }
      if (isQueryError(error) && error.problem.errors?.length) {
        for (const fieldError of error.problem.errors) {
          const field = FIELDS.find((f) => f === fieldError.field);
          if (field) setError(field, { message: fieldError.message });
        }
        return;
      }
      setFormError('errors.generic');
    }
  };

  return (
    <Box sx={{ maxWidth: 560 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
        {t('auth.passwordTitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
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
            {formError && <Alert severity="error">{t(formError)}</Alert>}
            {FIELDS.map((name) => {
              const message = formState.errors[name]?.message;
              return (
                <TextField
                  key={name}
                  label={t(`fields.${name}`)}
                  type="password"
                  autoComplete={AUTOCOMPLETE[name]}
                  {...register(name)}
                  error={Boolean(message)}
                  helperText={message ? t(message) : undefined}
                />
              );
            })}
            <Box>
              <Button type="submit" variant="contained" disabled={isLoading}>
                {t('actions.save')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
};
