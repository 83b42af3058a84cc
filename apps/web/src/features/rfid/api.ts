import type {
  TAttribution,
  TAttributionInput,
  TCategoryAttribution,
  TCategoryAttributionInput,
  TConsumer,
  TConsumerInput,
  TList,
  TPlatformReader,
  TPlatformTerminal,
  TReader,
  TReaderInput,
  TReaderWithSecret,
  TTag,
  TTagBind,
  TTagBindReport,
  TTagFamily,
  TTagFamilyInput,
  TTagInput,
  TTagMovement,
  TTagsOverview,
  TTagsByFamily,
  TTerminal,
  TTerminalInput,
} from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { createResourceApi, toQueryString, type ListArgs } from '../../app/resource-api';
import { referenceOf } from '../../components/reference-source';

export const tagFamiliesApi = createResourceApi<TTagFamily, TTagFamilyInput>({
  name: 'tagFamilies',
  path: '/tag-families',
  tag: 'TagFamilies',
  invalidates: ['Tags'],
});

export const tagsApi = createResourceApi<TTag, TTagInput>({
  name: 'tags',
  path: '/tags',
  tag: 'Tags',
  invalidates: ['TagFamilies', 'TagLogs'],
});

export const readersApi = createResourceApi<TReader, TReaderInput>({
  name: 'readers',
  path: '/readers',
  tag: 'Readers',
  invalidates: ['TagLogs'],
});

export const terminalsApi = createResourceApi<TTerminal, TTerminalInput>({
  name: 'terminals',
  path: '/terminals',
  tag: 'Terminals',
});

// The platform's view for the super admin: read-only, only the list endpoint is used.
export const platformReadersApi = createResourceApi<TPlatformReader, never>({
  name: 'platformReaders',
  path: '/platform/readers',
  tag: 'Readers',
});
export const platformTerminalsApi = createResourceApi<TPlatformTerminal, never>({
  name: 'platformTerminals',
  path: '/platform/terminals',
  tag: 'Terminals',
});

export const consumersApi = createResourceApi<TConsumer, TConsumerInput>({
  name: 'consumers',
  path: '/consumers',
  tag: 'Consumers',
  invalidates: ['Attributions', 'CategoryAttributions'],
});

export const attributionsApi = createResourceApi<TAttribution, TAttributionInput>({
  name: 'attributions',
  path: '/attributions',
  tag: 'Attributions',
  invalidates: ['Consumers'],
});

export const categoryAttributionsApi = createResourceApi<TCategoryAttribution, TCategoryAttributionInput>({
  name: 'categoryAttributions',
  path: '/category-attributions',
  tag: 'CategoryAttributions',
  invalidates: ['Consumers'],
});

/** Tag logs carry the tenant in the path (SPEC §7): `idClient` is taken out of the list arguments. */
export type TagLogArgs = ListArgs & { idClient: string };

/** Endpoints beyond CRUD: tag logs, EPC binding, reader secrets, the tag overview. */
export const rfidExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    tagLogs: build.query<TList<TTagMovement>, TagLogArgs>({
      query: ({ idClient, ...args }) => `/redear/TagMouvement/${idClient}${toQueryString(args)}`,
      providesTags: ['TagLogs'],
    }),
    bindTags: build.mutation<TTagBindReport, TTagBind>({
      query: (body) => ({ url: '/tags/bind', method: 'POST', body }),
      invalidatesTags: ['Tags', 'TagFamilies', 'Articles', 'Dashboard'],
    }),
    rotateReaderSecret: build.mutation<TReaderWithSecret, number>({
      query: (id) => ({ url: `/readers/${id}/rotate-secret`, method: 'POST' }),
      invalidatesTags: ['Readers'],
    }),
    tagsOverview: build.query<TTagsOverview, { idClient: string; startDate: string; endDate: string }>({
      query: ({ idClient, ...args }) => ({
        url: `/dashboard/tags/overview/${idClient}${toQueryString(args)}`,
        silent: true,
      }),
      providesTags: ['Dashboard', 'Tags', 'Readers'],
    }),
    nonActiveTags: build.query<TList<TTag>, TagLogArgs>({
      query: ({ idClient, ...args }) => ({
        url: `/dashboard/tags/non-active/${idClient}${toQueryString(args)}`,
        silent: true,
      }),
      providesTags: ['Dashboard', 'Tags'],
    }),
    /** The "category tags" table: tags in stock, out and unbound per tag family (SPEC `familleTag`). */
    tagsByFamily: build.query<TTagsByFamily, string>({
      query: (idClient) => ({ url: `/dashboard/tags/by-family/${idClient}`, silent: true }),
      providesTags: ['Dashboard', 'Tags', 'TagFamilies'],
    }),
  }),
});

export const {
  useTagLogsQuery,
  useBindTagsMutation,
  useRotateReaderSecretMutation,
  useTagsOverviewQuery,
  useNonActiveTagsQuery,
  useTagsByFamilyQuery,
} = rfidExtrasApi;

export const tagFamilyRef = referenceOf(tagFamiliesApi, (f) => f.name, 'name:asc');

export const consumerRef = referenceOf(consumersApi, (c) => c.name, 'name:asc');

export const readerRef = referenceOf(readersApi, (r) => r.name, 'name:asc');

export const tagRef = referenceOf(
  tagsApi,
  (tag) => (tag.articleReference ? `${tag.epc} (${tag.articleReference})` : tag.epc),
  'epc:asc',
);
