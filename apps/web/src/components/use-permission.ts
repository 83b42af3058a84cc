import type { TResource } from '@tagstock/contract';
import { useAppSelector } from '../app/hooks';

/** True when the signed-in user may change this resource (`<resource>.write`). */
export const useCanWrite = (resource: TResource): boolean =>
  useAppSelector((s) => s.authentification.userPermissions.includes(`${resource}.write`));

/** True when the signed-in user holds this permission (e.g. `readers.read`). */
export const useHasPermission = (permission: string): boolean =>
  useAppSelector((s) => s.authentification.userPermissions.includes(permission));
