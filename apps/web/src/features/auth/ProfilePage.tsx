import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { AccountFormCard } from './AccountFormCard';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setSession } from '../../app/auth-slice';
import { isQueryError } from '../../app/base-api';
import { useUpdateProfileMutation } from './api';
import { hasEmptyFields, ZProfileForm, type TProfileForm } from './forms';
import { hasErrorCode } from '@tagstock/contract/constants';
import { fieldErrorKey } from '../../components/form-errors';

const LANGUAGE_CHOICES = [
  { value: '', labelKey: 'messagesUi.languageBrowser' },
  { value: 'fr', labelKey: 'messagesUi.languageFr' },
  { value: 'en', labelKey: 'messagesUi.languageEn' },
] as const;

export const ProfilePage = () => {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.authentification.loggedInUser);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, control } = useForm<TProfileForm>({
    resolver: zodResolver(ZProfileForm),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', language: user?.language ?? '' },
  });

  const onSubmit = async (values: TProfileForm) => {
    setFormError(null);
    try {
      // The session's language is applied by followUserLanguage (app/user-language.ts).
      const session = await updateProfile({ ...values, language: values.language || null }).unwrap();
      dispatch(setSession({ user: session.user, permissions: session.permissions }));
      toast.success(t('auth.editedSuccessfully'));
    } catch (error) {
      if (isQueryError(error) && hasErrorCode(error.problem, 'email_taken')) {
        setError('email', { message: 'auth.emailTaken' });
        return;
      }
      if (isQueryError(error) && error.problem.errors?.length) {
        for (const fieldError of error.problem.errors) {
          if (fieldError.field === 'name' || fieldError.field === 'email')
            setError(fieldError.field, {
              type: 'server',
              message: t(fieldErrorKey(fieldError) ?? 'validation.invalid', fieldError.params),
            });
        }
        return;
      }
      setFormError('errors.generic');
    }
  };

  const fieldError = (name: keyof TProfileForm) => {
    const error = formState.errors[name];
    if (error?.type === 'server') return error.message; // already translated
    return error?.message ? t(error.message) : undefined;
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
      <Controller
        name="language"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={t('messagesUi.language')}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
          >
            {LANGUAGE_CHOICES.map((choice) => (
              <MenuItem key={choice.value} value={choice.value}>
                {t(choice.labelKey)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </AccountFormCard>
  );
};
