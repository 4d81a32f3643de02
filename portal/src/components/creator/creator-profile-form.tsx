import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import type { Category, CreatorProfile } from '../../lib/api-types';
import { applyApiError } from '../../lib/error-text';
import { textFieldProps } from '../../lib/form-field';
import { CategoryPicker } from './category-picker';

interface Values {
  categories: string[];
  instagramHandle: string;
  tiktokHandle: string;
  bio: string;
}

const FIELDS = ['categories', 'instagramHandle', 'tiktokHandle', 'bio'] as const;

/** Categories, Instagram and/or TikTok (`@name` or a profile link; the API normalises) and a bio. */
export function CreatorProfileForm({
  profile,
  categories,
  submitLabel,
  onSaved,
  onCancel,
}: {
  profile: CreatorProfile | undefined;
  categories: Category[];
  submitLabel: string;
  onSaved: (profile: CreatorProfile) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: {
      categories: profile?.categories ?? [],
      instagramHandle: profile?.instagramHandle ?? '',
      tiktokHandle: profile?.tiktokHandle ?? '',
      bio: profile?.bio ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = {
      categories: values.categories,
      instagramHandle: values.instagramHandle.trim() || null,
      tiktokHandle: values.tiktokHandle.trim() || null,
      bio: values.bio.trim() || null,
    };
    try {
      const { data } = await apiFetch<{ data: CreatorProfile }>('/api/creator-profile', { method: 'PUT', json: body });
      onSaved(data);
    } catch (error) {
      setFormError(applyApiError(t, error, form.setError, FIELDS));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <Controller
        control={form.control}
        name="categories"
        rules={{ validate: (value) => value.length > 0 || t('creator.categoriesRequired') }}
        render={({ field, fieldState }) => (
          <CategoryPicker
            label={t('creator.fields.categories')}
            help={t('creator.categoriesHelp')}
            categories={categories}
            value={field.value}
            onChange={field.onChange}
            error={
              fieldState.error?.message === t('validation.required')
                ? t('creator.categoriesRequired')
                : fieldState.error?.message
            }
          />
        )}
      />
      <TextField
        label={t('creator.fields.instagram')}
        autoComplete="off"
        fullWidth
        {...textFieldProps(form.register('instagramHandle'), errors.instagramHandle, t('creator.handleHelp'))}
      />
      <TextField
        label={t('creator.fields.tiktok')}
        autoComplete="off"
        fullWidth
        {...textFieldProps(form.register('tiktokHandle'), errors.tiktokHandle, t('creator.handleHelp'))}
      />
      <TextField
        label={t('creator.fields.bio')}
        multiline
        minRows={3}
        fullWidth
        {...textFieldProps(form.register('bio'), errors.bio, t('creator.bioHelp'))}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button size="large" onClick={onCancel}>
            {t('buttons.cancel')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
