import type { ReactNode } from 'react';
import type { TPermission } from '@tagstock/contract';
import { useTranslation } from 'react-i18next';
import { NotAllowed } from './NotFound';
import { useHasPermission } from './use-permission';

export type RouteGuard = {
  /** The permission the route needs (e.g. `purchaseOrders.write` for a creation page). */
  requires: TPermission;
  /** The way back when it is missing: the list, and its label's translation key. */
  back: string;
  backLabelKey: string;
};

/** A route's page, or "You are not allowed" when the user lacks its permission (the page is not even loaded). */
export const RequirePermission = ({ guard, children }: { guard: RouteGuard; children: ReactNode }) => {
  const { t } = useTranslation();
  const allowed = useHasPermission(guard.requires);
  return allowed ? children : <NotAllowed backTo={guard.back} backLabel={t(guard.backLabelKey)} />;
};
