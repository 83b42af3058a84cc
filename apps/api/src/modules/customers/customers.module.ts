import { sql } from 'drizzle-orm';
import {
  ZCustomer,
  ZCustomerGroup,
  ZCustomerGroupInput,
  ZCustomerInput,
  ZCustomerListQuery,
  type TCustomer,
  type TCustomerGroup,
  type TCustomerGroupInput,
  type TCustomerInput,
} from '@tagstock/contract';
import type { z } from 'zod';
import { queryRows, type Db } from '../../db/client';
import { contactExport, contactInput, contactImportSpec } from '../../platform/contact-import';
import { importExportRoutes, unknownReference } from '../../platform/import-export';
import { tenantList, type ListSpec } from '../../platform/pagination';
import { contactSearch, contactSelect, contactSort } from '../../db/sql-fragments';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { registerUsage } from '../../platform/usages';
import { customerGroups, customers } from './customers.schema';

type TCustomerQuery = z.infer<typeof ZCustomerListQuery>;

const deliveryColumns = sql`c.delivery_address as "deliveryAddress", c.delivery_postcode as "deliveryPostcode",
  c.delivery_city as "deliveryCity", c.delivery_country as "deliveryCountry"`;
/** What its invoices need besides the contact: a company or a person, where invoices go, its VAT exemption. */
const invoicingColumns = sql`c.kind, c.electronic_address as "electronicAddress", c.vat_exemption as "vatExemption"`;
const DELIVERY_KEYS = ['deliveryAddress', 'deliveryPostcode', 'deliveryCity', 'deliveryCountry'] as const;

const list = (tenantId: number, q: TCustomerQuery): ListSpec => ({
  columns: sql`${contactSelect('c')}, c.customer_category as "customerCategory", c.group_id as "groupId", g.name as "groupName",
    ${deliveryColumns}, ${invoicingColumns}`,
  from: sql`from customers c left join customer_groups g on g.id = c.group_id`,
  where: [sql`c.tenant_id = ${tenantId}`, ...(q.groupId ? [sql`c.group_id = ${q.groupId}`] : [])],
  search: contactSearch('c'),
  sort: { ...contactSort('c'), groupName: sql`g.name`, customerCategory: sql`c.customer_category` },
  defaultSort: 'name:asc',
  tieBreaker: sql`c.id`,
});

/** Import and export of customers: rows match by name; groups are named and must exist. */
export const customerImportSpec = contactImportSpec<TCustomerInput, Map<string, number>>({
  path: '/customers',
  resource: 'customers',
  name: 'customers',
  table: customers,
  tableName: 'customers',
  extraColumns: [
    { key: 'customerCategory', type: 'text', header: { en: 'Customer category', fr: 'Catégorie de client' } },
    { key: 'group', type: 'text', header: { en: 'Group', fr: 'Groupe' }, width: 24 },
    { key: 'deliveryAddress', type: 'text', header: { en: 'Delivery address', fr: 'Adresse de livraison' }, width: 32 },
    { key: 'deliveryPostcode', type: 'text', header: { en: 'Delivery postcode', fr: 'Code postal de livraison' } },
    { key: 'deliveryCity', type: 'text', header: { en: 'Delivery city', fr: 'Ville de livraison' } },
    { key: 'deliveryCountry', type: 'text', header: { en: 'Delivery country', fr: 'Pays de livraison' } },
  ],
  // The tenant's own first group: the template's example imports as it is.
  extraExample: async (tx, tenantId) => ({
    group:
      (
        await queryRows<{ name: string }>(
          tx,
          sql`select name from customer_groups where tenant_id = ${tenantId} order by name limit 1`,
        )
      )[0]?.name ?? null,
  }),
  list,
  exportColumns: sql`${contactExport('c')}, c.customer_category as "customerCategory", g.name as "group",
    ${deliveryColumns}`,
  schema: ZCustomerInput as z.ZodType<TCustomerInput>,
  lookups: async (tx, tenantId) =>
    new Map(
      (
        await queryRows<{ id: number; name: string }>(
          tx,
          sql`select id, name from customer_groups where tenant_id = ${tenantId}`,
        )
      ).map((g) => [g.name.toLowerCase(), g.id]),
    ),
  toInput: (values, groups) => {
    const group = values.group ? groups.get(values.group.toLowerCase()) : null;
    return {
      input: {
        ...contactInput(values),
        customerCategory: values.customerCategory || null,
        groupId: group ?? null,
        ...Object.fromEntries(DELIVERY_KEYS.map((k) => [k, values[k] || null])),
      },
      errors: group === undefined ? [unknownReference('group', values.group!)] : [],
    };
  },
});

export function customersModule(db: Db) {
  registerUsage(customerGroups, { resource: 'customers', table: customers, column: customers.groupId });
  const service = createCrudService<TCustomer, TCustomerInput, TCustomerInput, TCustomerQuery>(db, {
    entity: 'customer',
    table: customers,
    idColumn: sql`c.id`,
    list,
    toValues: (input) => input,
    logged: true,
    references: { groupId: customerGroups },
    errors: { inUse: 'This customer is used by sales documents and cannot be deleted' },
  });

  const groups = createCrudService<TCustomerGroup, TCustomerGroupInput>(db, {
    entity: 'customer group',
    table: customerGroups,
    idColumn: sql`g.id`,
    list: tenantList({
      table: 'customer_groups',
      alias: 'g',
      columns: sql`g.id, g.name, g.description,
        (select count(*)::int from customers c where c.group_id = g.id) as "memberCount"`,
      search: [sql`g.name`, sql`g.description`],
      sort: { name: sql`g.name` },
      defaultSort: 'name:asc',
    }),
    toValues: (input) => input,
    logged: true,
    errors: {
      unique: { customer_groups_tenant_name_uq: 'name' },
      inUse: 'This group still has customers: move them to another group first',
    },
  });

  const transfer = importExportRoutes(db, customerImportSpec);

  const routes = [
    transfer,
    crudRoutes({
      path: '/customers',
      resource: 'customers',
      tag: 'customers',
      service,
      item: ZCustomer,
      input: ZCustomerInput,
      query: ZCustomerListQuery,
    }),
    crudRoutes({
      path: '/customer-groups',
      resource: 'customers',
      tag: 'customers',
      service: groups,
      item: ZCustomerGroup,
      input: ZCustomerGroupInput,
    }),
  ];
  return { service, groups, routes };
}
