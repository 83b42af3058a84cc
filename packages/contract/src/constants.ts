/**
 * Plain values and helpers without zod, importable as '@tagstock/contract/constants' by code that must stay
 * small (the web app's first page load). The schema modules re-export them.
 */

/** The product version, shown in the UI and written to meta.json by the build. */
export const APP_VERSION = '1.91.0';

export const API_BASE = '/backend/api';
export const SOCKET_PATH = '/backend-socket/socket.io';

export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 25;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const APP_TYPES = ['Web', 'Mobile', 'All'] as const;

/** Only these App_Type values may use the web dashboard. */
export const canUseDashboard = (appType: string | undefined): boolean => appType === 'Web' || appType === 'All';

/** Socket.IO event names as the spec fixes them. */
export const SocketEvents = {
  joinRoom: 'join_room',
  sendNotification: 'send_notification',
  readerConnect: 'reader-connect',
  readerDisconnect: 'reader-disconnect',
} as const;
