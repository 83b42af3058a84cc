import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { AccountFormCard } from './AccountFormCard';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../app/hooks';
import { setToken } from '../../app/auth-slice';
import { isQueryError } from '../../app/base-api';
import { useChangePasswordMutation } from './api';
import { hasEmptyFields, ZPasswordForm, type TPasswordForm } from './forms';
import { hasErrorCode } from '@tagstock/contract/constants';

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
      if (isQueryError(error) && hasErrorCode(error.problem, 'wrong_password')) {
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
    <AccountFormCard
      titleKey="auth.passwordTitle"
      formError={formError}
      busy={isLoading}
      onSubmit={(e) =>
        void handleSubmit(onSubmit, (errors) =>
          setFormError(hasEmptyFields(errors) ? 'validation.fillAllFields' : null),
        )(e)
      }
    >
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
    </AccountFormCard>
  );
};
