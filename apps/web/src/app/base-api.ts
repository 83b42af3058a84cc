import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { TProblem } from '@tagstock/contract';
import { apiCall, ApiError, type HttpMethod } from './api-client';

export type QueryArgs =
  | string
  | { url: string; method?: HttpMethod; body?: unknown; silent?: boolean; language?: string };
export type QueryError = { status: number; problem: TProblem };

// Same client as everything else: loading flag, bearer, timeout and 401 handling live in one place.
const apiClientBaseQuery: BaseQueryFn<QueryArgs, unknown, QueryError> = async (args, api) => {
  const options = typeof args === 'string' ? { url: args } : args;
  try {
    const data = await apiCall({ ...options, signal: api.signal });
    return { data };
  } catch (error) {
    if (error instanceof ApiError) return { error: { status: error.status, problem: error.problem } };
    throw error;
  }
};

export const TAG_TYPES = [
  'Me',
  'Tenants',
  'Suppliers',
  'Categories',
  'Articles',
  'Movements',
  'Lots',
  'Reasons',
  'Customers',
  'CustomerGroups',
  'Users',
  'Roles',
  'Logs',
  'Dashboard',
  'TagFamilies',
  'Tags',
  'TagLogs',
  'Readers',
  'Terminals',
  'Consumers',
  'Attributions',
  'CategoryAttributions',
  'PaymentModes',
  'PurchaseOrders',
  'Company',
  'PlatformProducts',
  'PlatformOrders',
  'Outputs',
  'ReceivedInvoices',
  'Proformas',
  'Invoices',
  'CreditNotes',
  'Payments',
  'Backups',
  'Reservations',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiClientBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

export const isQueryError = (error: unknown): error is QueryError =>
  typeof error === 'object' && error !== null && 'status' in error && 'problem' in error;
