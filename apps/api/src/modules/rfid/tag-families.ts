import { sql } from 'drizzle-orm';
import { ZTagFamily, ZTagFamilyInput, type TTagFamily, type TTagFamilyInput } from '@tagstock/contract';
import type { Db } from '../../db/client';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { tenantList } from '../../platform/pagination';
import { tagFamilies } from './rfid.schema';

/** Tag families: whether their tags count in stock and raise an alarm at an exit. */
export function tagFamilyResource(db: Db) {
  const service = createCrudService<TTagFamily, TTagFamilyInput>(db, {
    entity: 'tag family',
    table: tagFamilies,
    idColumn: sql`f.id`,
    list: tenantList({
      table: 'tag_families',
      alias: 'f',
      columns: sql`f.id, f.name, f.counts_in_stock as "countsInStock", f.alarm_on_exit as "alarmOnExit",
        (select count(*)::int from tags t where t.family_id = f.id) as "tagCount"`,
      search: [sql`f.name`],
      sort: { name: sql`f.name` },
      defaultSort: 'name:asc',
    }),
    toValues: (input) => input,
    errors: {
      unique: { tag_families_tenant_name_uq: 'name' },
      inUse: 'This family still has tags: move them to another family first',
    },
  });
  const routes = crudRoutes({
    path: '/tag-families',
    resource: 'tags',
    tag: 'tags',
    service,
    item: ZTagFamily,
    input: ZTagFamilyInput,
  });
  return { service, routes };
}
