import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { AccountFormCard } from './AccountFormCard';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setSession } from '../../app/auth-slice';
import { isQueryError } from '../../app/base-api';
import { useUpdateProfileMutation } from './api';
import { hasEmptyFields, ZProfileForm, type TProfileForm } from './forms';

export const ProfilePage = () => {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.authentification.loggedInUser);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<TProfileForm>({
    resolver: zodResolver(ZProfileForm),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '' },
  });

  const onSubmit = async (values: TProfileForm) => {
    setFormError(null);
    try {
      const session = await updateProfile(values).unwrap();
      dispatch(setSession({ user: session.user, permissions: session.permissions }));
      toast.success(t('auth.editedSuccessfully'));
    } catch (error) {
      if (isQueryError(error) && error.problem.code === 'email_taken') {
        setError('email', { message: 'auth.emailTaken' });
        return;
      }
      if (isQueryError(error) && error.problem.errors?.length) {
        for (const fieldError of error.problem.errors) {
          if (fieldError.field === 'name' || fieldError.field === 'email')
            setError(fieldError.field, { message: fieldError.message });
        }
        return;
      }
      setFormError('errors.generic');
    }
  };

  const fieldError = (name: keyof TProfileForm) => {
    const message = formState.errors[name]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <AccountFormCard
      titleKey="auth.profileTitle"
      formError={formError}
      busy={isLoading}
      onSubmit={(e) =>
        void handleSubmit(onSubmit, (errors) =>
          setFormError(hasEmptyFields(errors) ? 'validation.fillAllFields' : null),
        )(e)
      }
    >
      <TextField
        label={t('fields.name')}
        autoComplete="name"
        {...register('name')}
        error={Boolean(formState.errors.name)}
        helperText={fieldError('name')}
      />
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        {...register('email')}
        error={Boolean(formState.errors.email)}
        helperText={fieldError('email')}
      />
    </AccountFormCard>
  );
};
