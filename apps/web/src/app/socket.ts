import { io, type Socket } from 'socket.io-client';
import { toast } from 'react-toastify';
import {
  SOCKET_PATH,
  SocketEvents,
  ZLostArticleFound,
  ZReaderStatusEvent,
  ZSendNotification,
  ZWebhookDisabledEvent,
} from '@tagstock/contract';
import { baseApi, type TagType } from './base-api';
import { exitRaised } from './alarm-slice';
import { setReaderDisconnected, setStockQuantity, setStockValorisation } from './dashboard-slice';
import { throttle } from './throttle';

/** SPEC §9 connection timings. */
export const SOCKET_OPTIONS = {
  path: SOCKET_PATH,
  transports: ['websocket'],
  timeout: 20000,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
} as const;

export const READER_TOAST_MS = 5000;

/** Cached lists a server event makes stale: they refetch if on screen. */
export const READER_STATUS_TAGS: TagType[] = ['Readers', 'Dashboard'];
export const MOVEMENT_TAGS: TagType[] = ['TagLogs', 'Tags', 'Articles', 'Movements', 'Dashboard'];
/** A lost article seen again: its list (the lost articles' own tag), and the stock if it was written off. */
export const LOST_ARTICLE_TAGS = ['LostArticles', 'Articles', 'Movements', 'Dashboard'] as TagType[];
/** A webhook endpoint switched off after failing for 24 h: the webhooks' own tag and the activity log. */
export const WEBHOOK_TAGS = ['Webhooks', 'Logs'] as TagType[];
/** What the approved platform's flows change: statuses, what waits to be sent, received invoices. */
export const EINVOICE_FLOW_TAGS = ['Lifecycle', 'EinvoicingOutbox', 'ReceivedInvoices'] as TagType[];

/** Same origin by default (the server serves the SPA); tests pass their own server URL. */
export const createSocket = (token: string, url?: string): Socket => {
  const options = {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    auth: { token },
    autoConnect: false,
  };
  return url ? io(url, options) : io(options);
};

type Dispatch = (action: { type: string; payload?: unknown }) => unknown;
type Translate = (key: string, options?: Record<string, unknown>) => string;

export type SocketHandlerDeps = {
  socket: Socket;
  idClient: string;
  dispatch: Dispatch;
  t: Translate;
  notify?: Pick<typeof toast, 'success' | 'error'>;
};

/** Alarms of exits without a movement id (none expected) still need a key of their own. */
let unlinkedAlarms = 0;

/** Wires the server events to the store, toasts and exit alarms; returns a function that unwires them. */
export const registerSocketHandlers = ({ socket, idClient, dispatch, t, notify = toast }: SocketHandlerDeps) => {
  // Rooms are lost on reconnect, so join on every connect.
  const onConnect = () => {
    socket.emit(SocketEvents.joinRoom, idClient);
  };

  const onReaderConnect = (payload: unknown) => {
    dispatch(setReaderDisconnected(false));
    dispatch(baseApi.util.invalidateTags(READER_STATUS_TAGS));
    const parsed = ZReaderStatusEvent.safeParse(payload);
    notify.success(t('realtime.readerConnected'), {
      autoClose: READER_TOAST_MS,
      toastId: parsed.success ? `reader-${parsed.data.readerId}-${parsed.data.at}` : undefined,
    });
  };

  const onReaderDisconnect = (payload: unknown) => {
    dispatch(setReaderDisconnected(true));
    dispatch(baseApi.util.invalidateTags(READER_STATUS_TAGS));
    const parsed = ZReaderStatusEvent.safeParse(payload);
    notify.error(t('realtime.readerDisconnected'), {
      autoClose: READER_TOAST_MS,
      toastId: parsed.success ? `reader-${parsed.data.readerId}-${parsed.data.at}` : undefined,
    });
  };

  const movementsChanged = throttle(() => dispatch(baseApi.util.invalidateTags(MOVEMENT_TAGS)), 1000);
  const onNotification = (payload: unknown) => {
    const parsed = ZSendNotification.safeParse(payload);
    if (!parsed.success) return;
    const { result, isAuthorized } = parsed.data;
    dispatch(setStockQuantity(result.totalQuantity));
    dispatch(setStockValorisation(result.totalValorization));
    movementsChanged();
    if (isAuthorized === false) {
      dispatch(
        exitRaised({
          movementId: parsed.data.newTagMouvement?.id ?? -++unlinkedAlarms,
          notification: parsed.data,
          receivedAt: new Date().toISOString(),
        }),
      );
    }
  };

  const onLostArticleFound = (payload: unknown) => {
    const parsed = ZLostArticleFound.safeParse(payload);
    if (!parsed.success) return;
    const { tagId, epc, designation, location, wasLost } = parsed.data;
    dispatch(baseApi.util.invalidateTags(LOST_ARTICLE_TAGS));
    notify.success(
      t(wasLost ? 'realtime.lostArticleBack' : 'realtime.lostArticleFound', {
        article: designation ?? epc,
        epc,
        location: location ?? t('realtime.unknownLocation'),
      }),
      { toastId: `lost-article-${tagId}` },
    );
  };

  const onWebhookDisabled = (payload: unknown) => {
    const parsed = ZWebhookDisabledEvent.safeParse(payload);
    if (!parsed.success) return;
    dispatch(baseApi.util.invalidateTags(WEBHOOK_TAGS));
    notify.error(t('realtime.webhookDisabled', { url: parsed.data.url }), {
      toastId: `webhook-disabled-${parsed.data.endpointId}`,
    });
  };

  const onEinvoiceFlowsRead = () => dispatch(baseApi.util.invalidateTags(EINVOICE_FLOW_TAGS));

  socket.on('connect', onConnect);
  socket.on(SocketEvents.readerConnect, onReaderConnect);
  socket.on(SocketEvents.readerDisconnect, onReaderDisconnect);
  socket.on(SocketEvents.sendNotification, onNotification);
  socket.on(SocketEvents.lostArticleFound, onLostArticleFound);
  socket.on(SocketEvents.webhookDisabled, onWebhookDisabled);
  socket.on(SocketEvents.einvoiceFlowsRead, onEinvoiceFlowsRead);
  if (socket.connected) onConnect();

  return () => {
    socket.off('connect', onConnect);
    socket.off(SocketEvents.readerConnect, onReaderConnect);
    socket.off(SocketEvents.readerDisconnect, onReaderDisconnect);
    socket.off(SocketEvents.sendNotification, onNotification);
    socket.off(SocketEvents.lostArticleFound, onLostArticleFound);
    socket.off(SocketEvents.webhookDisabled, onWebhookDisabled);
    socket.off(SocketEvents.einvoiceFlowsRead, onEinvoiceFlowsRead);
    movementsChanged.cancel();
  };
};
