import { useMemo, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import type { TResource } from '@tagstock/contract';
import type { ListFilters, ResourceApi } from '../app/resource-api';
import { ConfirmDialog } from './ConfirmDialog';
import { PageHeader } from './PageHeader';
import { ResourceForm, toFormValues, type FieldDef, type FormValues } from './ResourceForm';
import { ResourceTable } from './ResourceTable';
import type { ResourceColumn } from './resource-columns';
import { ExportMenu, ImportButton } from './TransferActions';
import { problemMessage } from './notify';
import { useCanWrite } from './use-permission';
import { useUsage } from './use-usage';

export type CrudPageProps<T extends GridValidRowModel & { id: number }, TCreate, TUpdate> = {
  /** Translation prefix: `<domain>.title`, `.subtitle`, `.new`, `.edit`, `.empty`, `.count`, `.deleteTitle`, `.deleteConfirm`. */
  domain: string;
  /** Write controls need `<resource>.write`. */
  resource: TResource;
  api: ResourceApi<T, TCreate, TUpdate>;
  columns: ResourceColumn<T>[];
  fields: readonly FieldDef[];
  createSchema: z.ZodType<TCreate>;
  /** Defaults to the create schema. */
  updateSchema?: z.ZodType<TUpdate>;
  defaultSort?: string;
  filters?: ListFilters;
  detailPath?: (row: T) => string;
  /** Toast after a create; SPEC §8 has 'Customer created' and 'User created'. */
  createdKey?: string;
  /** Export and import (articles, suppliers, customers): the column rows match existing records by. */
  transferMatch?: 'reference' | 'name';
  rowActions?: (row: T) => ReactNode[];
  preview?: (values: FormValues) => ReactNode;
  /** Extra controls above the table (filters). */
  children?: ReactNode;
  /** Values for a new record (defaults to empty). */
  newValues?: Record<string, unknown>;
  /** Text of the delete action when it does something else (users are disabled). */
  deleteKey?: string;
  /** Why a record in use cannot be deleted, and what to do instead (default: change or remove its users). */
  usedByKey?: string;
  title?: string;
  /** Hide the create button even with the permission (e.g. a filtered view). */
  noCreate?: boolean;
  /** The record's name in the delete confirmation (defaults to name, label or reference). */
  nameOf?: (row: T) => string;
  /** Rows grow with their content (multi-line cells). */
  autoRowHeight?: boolean;
  /** Runs with the server's answer after a create (e.g. a reader's one-time secret). */
  onCreated?: (created: T) => void;
};

/** A CRUD screen: columns + form fields + the contract schemas → list, create, edit, delete. */
export const CrudPage = <T extends GridValidRowModel & { id: number }, TCreate, TUpdate = TCreate>({
  domain,
  resource,
  api,
  columns,
  fields,
  createSchema,
  updateSchema,
  defaultSort,
  filters,
  detailPath,
  createdKey = 'messages.created',
  transferMatch,
  rowActions,
  preview,
  children,
  newValues,
  deleteKey,
  usedByKey = 'safeActions.usedBy',
  title,
  noCreate,
  onCreated,
  autoRowHeight,
  nameOf,
}: CrudPageProps<T, TCreate, TUpdate>) => {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite(resource);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [create] = api.useCreate();
  const [updateRecord] = api.useUpdate();
  const [remove, { isLoading: removing }] = api.useRemove();
  const usage = useUsage(api.path, deleting?.id ?? null);
  const usedBy = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    usage.usages.map((u) => t(`safeActions.usages.${u.resource}`, { count: u.count })),
  );

  const initialValues = useMemo(
    () => toFormValues(fields, editing === 'new' ? newValues : editing),
    [fields, editing, newValues],
  );

  const submit = async (values: TCreate | TUpdate) => {
    if (editing === 'new') {
      const created = await create(values as TCreate).unwrap();
      toast.success(t(createdKey));
      onCreated?.(created);
    } else if (editing) {
      await updateRecord({ id: editing.id, body: values as TUpdate }).unwrap();
      toast.success(t('messages.edited'));
    }
    setEditing(null);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      toast.success(t(deleteKey ? 'messages.disabled' : 'messages.deleted'));
    } catch (error) {
      toast.error(problemMessage(error, t, 'errors.deleteFailed'));
    }
    setDeleting(null);
  };

  return (
    <>
      <PageHeader
        title={title ?? t(`${domain}.title`)}
        subtitle={t(`${domain}.subtitle`)}
        actions={
          canWrite && !noCreate ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {t(`${domain}.new`)}
            </Button>
          ) : undefined
        }
      />
      {children}
      <ResourceTable<T>
        label={title ?? t(`${domain}.title`)}
        columns={columns}
        useList={api.useList as never}
        filters={filters}
        defaultSort={defaultSort}
        emptyText={t(`${domain}.empty`)}
        countKey={`${domain}.count`}
        onEdit={canWrite ? (row) => setEditing(row) : undefined}
        onDelete={canWrite ? (row) => setDeleting(row) : undefined}
        deleteLabel={deleteKey ? t(deleteKey) : undefined}
        rowActions={canWrite ? rowActions : undefined}
        detailPath={detailPath}
        autoRowHeight={autoRowHeight}
        toolbar={
          transferMatch
            ? (params) => (
                <>
                  <ExportMenu path={api.path} params={params} name={domain} />
                  {canWrite && (
                    <ImportButton
                      useImport={api.useImport as never}
                      path={api.path}
                      name={domain}
                      matchBy={transferMatch}
                    />
                  )}
                </>
              )
            : undefined
        }
      />
      <ResourceForm<TCreate | TUpdate>
        open={editing !== null}
        mode={editing === 'new' ? 'create' : 'edit'}
        title={t(editing === 'new' ? `${domain}.new` : `${domain}.edit`)}
        fields={fields}
        schema={(editing === 'new' ? createSchema : (updateSchema ?? createSchema)) as z.ZodType<TCreate | TUpdate>}
        initialValues={initialValues}
        onSubmit={submit}
        onClose={() => setEditing(null)}
        preview={preview}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t(`${domain}.deleteTitle`)}
        message={t(`${domain}.deleteConfirm`, {
          name: deleting
            ? (nameOf?.(deleting) ?? String(deleting.name ?? deleting.label ?? deleting.reference ?? deleting.id))
            : '',
        })}
        confirmLabel={deleteKey ? t(deleteKey) : undefined}
        busy={removing}
        checking={usage.checking ? t('safeActions.checkingUsage') : undefined}
        blocked={usage.usages.length ? t(usedByKey, { usages: usedBy }) : undefined}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
};
