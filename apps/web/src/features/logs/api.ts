import type { TActivityLog } from '@tagstock/contract';
import { createResourceApi } from '../../app/resource-api';

// Read-only: only the list endpoint is used.
export const logsApi = createResourceApi<TActivityLog, never>({ name: 'logs', path: '/logs', tag: 'Logs' });
