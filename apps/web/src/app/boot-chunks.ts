/**
 * The chunks a signed-in boot needs at once, one loader each: the boot preloads them (main.tsx) and the components
 * showing them take the same loader, so that they render them without suspending (see `lazyChunk`).
 */
export const loadSignedInApp = () => import('./SignedInApp');
export const loadAdminArea = () => import('../areas/admin/AdminArea');
export const loadToasts = () => import('./Toasts');
