import type { ComponentType } from 'react';
import type { TResource } from '@tagstock/contract';
import type { NavItem } from './nav';
import type { RouteGuard } from './RequirePermission';

/** One route of a feature's screens, under its area (`outputs/:id`): its page, loaded with it. */
export type FeatureRoute = {
  path: string;
  /** `() => import('./OutputDetailPage')`: each screen is its own chunk. */
  load: () => Promise<object>;
  /** The page's export in that module. */
  page: string;
  /** A route that creates declares the permission it needs (else "You are not allowed", never a greyed form). */
  guard?: RouteGuard;
};

/**
 * What a feature brings to the web from its own folder (`feature.ts`), registered by one line in its area's features
 * list: its menu entry, its routes, and how the activity log names what it logs. Its cache tag comes with its API
 * (`createDocumentApi`, `createResourceApi`). Nothing here loads its pages or its API.
 */
export type Feature = {
  nav?: (NavItem & {
    /** The path of the entry it follows in its group (else it comes last in it). */
    after?: string;
    icon: ComponentType;
  })[];
  routes?: FeatureRoute[];
  /** The activity log's entity it writes (`output`): its status names' prefix and the labels it names its own way. */
  logs?: { entity: string; statuses?: string; labels?: Record<string, string> };
};

/** A document type's three routes: its list, `new` (guarded by `<permission>.write`) and `:id`. */
export const documentScreens = (opts: {
  /** The path under the area, e.g. 'outputs' (`/admin/outputs`). */
  path: string;
  area: string;
  list: { load: FeatureRoute['load']; page: string };
  detail: { load: FeatureRoute['load']; page: string };
  /** The permission a new document needs, e.g. 'outputs.write'. */
  requires: RouteGuard['requires'];
  /** The list's title key, the way back from a refusal. */
  backLabelKey: string;
  /** No `new` route (documents created elsewhere, like credit notes). */
  noNew?: boolean;
}): FeatureRoute[] => [
  { path: opts.path, ...opts.list },
  ...(opts.noNew
    ? []
    : [
        {
          path: `${opts.path}/new`,
          ...opts.detail,
          guard: { requires: opts.requires, back: `/${opts.area}/${opts.path}`, backLabelKey: opts.backLabelKey },
        },
      ]),
  { path: `${opts.path}/:id`, ...opts.detail },
];

/**
 * A document type's feature from its name (`deliveryNotes`): its menu entry (`nav.<name>`, `/<area>/<path>`, for
 * `<resource>.read`), its screens (`documentScreens`: `new` for `<resource>.write`, refused with the way back named
 * `<name>.title`) and what the activity log names its way (`<name>.statuses`, and `logs.labels`).
 */
export const documentFeature = (
  opts: ({ name: TResource; resource?: TResource } | { name: string; resource: TResource }) & {
    area: string;
    /** Its route under the area when not its name (purchase orders: `bdc`). */
    path?: string;
    /** The menu entry's icon, group and the entry it follows. */
    nav: Pick<NonNullable<Feature['nav']>[number], 'icon' | 'group' | 'after'>;
    list: { load: FeatureRoute['load']; page: string };
    detail: { load: FeatureRoute['load']; page: string };
    /** No `new` route (documents created elsewhere, like credit notes). */
    noNew?: boolean;
    logs: { entity: string; labels?: Record<string, string> };
  },
): Feature => {
  const { name, area, list, detail, noNew } = opts;
  const path = opts.path ?? name;
  const resource = opts.resource ?? (name as TResource);
  return {
    nav: [{ labelKey: `nav.${name}`, path: `/${area}/${path}`, permission: `${resource}.read`, ...opts.nav }],
    routes: documentScreens({
      path,
      area,
      list,
      detail,
      requires: `${resource}.write`,
      backLabelKey: `${name}.title`,
      noNew,
    }),
    logs: { statuses: `${name}.statuses`, ...opts.logs },
  };
};

/** The menu: the area's own entries, then each feature's, in its group after the entry it names (whatever order). */
export const navWithFeatures = (own: readonly NavItem[], features: readonly Feature[]): NavItem[] => {
  const items = [...own];
  let waiting = features.flatMap((feature) => feature.nav ?? []);
  // An entry may follow another feature's: placed once that one is.
  for (let placed = true; placed && waiting.length; ) {
    placed = false;
    waiting = waiting.filter(({ after, ...item }) => {
      const at = items.findIndex((other) => other.path === after);
      if (after && at < 0) return true;
      items.splice(after ? at + 1 : items.length, 0, item);
      placed = true;
      return false;
    });
  }
  return [...items, ...waiting.map(({ after: _after, ...item }) => item)];
};
