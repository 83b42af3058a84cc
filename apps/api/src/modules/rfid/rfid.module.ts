import type { Db } from '../../db/client';
import { attributionResource } from './attributions';
import { categoryAttributionResource } from './category-attributions';
import { consumerResource } from './consumers';
import { platformDeviceRoutes } from './platform-devices';
import { readerResource } from './readers';
import { tagFamilyResource } from './tag-families';
import { tagLogRoutes } from './tag-logs';
import { tagResource } from './tags';
import { terminalResource } from './terminals';

/** The RFID area: one file per resource, assembled here in the order their routes register. */
export function rfidModule(db: Db) {
  const families = tagFamilyResource(db);
  const tags = tagResource(db);
  const readers = readerResource(db);
  const routes = [
    tagLogRoutes(db),
    families.routes,
    ...tags.routes,
    readers.routes,
    platformDeviceRoutes(db),
    terminalResource(db).routes,
    consumerResource(db).routes,
    attributionResource(db).routes,
    categoryAttributionResource(db).routes,
  ];
  return { families: families.service, tags: tags.service, readers: readers.service, routes };
}
