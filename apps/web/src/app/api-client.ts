import type { TProblem } from '@tagstock/contract';
import { API_BASE } from '@tagstock/contract/constants';
import type { setLoading as setLoadingAction } from './root-slice';
import type { block as blockAction, disconnect as disconnectAction } from './auth-slice';

// The slices' actions written out (their types checked against the slices): importing the slices would bring Redux
// Toolkit into the sign-in page's first load, which calls this client before any store exists.
const setLoading = (payload: boolean): ReturnType<typeof setLoadingAction> => ({ type: 'root/setLoading', payload });
const disconnect = (): ReturnType<typeof disconnectAction> => ({
  type: 'authentification/disconnect',
  payload: undefined,
});
const block = (): ReturnType<typeof blockAction> => ({ type: 'authentification/block', payload: undefined });

export const REQUEST_TIMEOUT_MS = 30000;
const SIGN_IN_URL = '/auth/sign-in';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiCallOptions<T> = {
  method?: HttpMethod;
  url: string;
  body?: unknown;
  /** A silent call does not raise the global loading bar. */
  silent?: boolean;
  /** Runs only on HTTP 200, with the response data. */
  onSuccess?: (data: T) => void;
  /** Runs only on HTTP 404, with the response data (the problem document). */
  onError?: (data: unknown) => void;
  signal?: AbortSignal;
  /** 'blob' for file downloads (exports, images): resolves to a DownloadedFile. */
  responseType?: 'json' | 'blob';
  /**
   * A blob download's bytes received so far, as they arrive (a streamed file has no known size). The timeout then
   * counts the time without a byte, not the whole download, which may be long.
   */
  onProgress?: (received: number) => void;
  /** The language the answer's texts are wanted in (`Accept-Language`), when not the browser's. */
  language?: string;
};

/** A file fetched with the bearer header (a plain <a href> or <img src> cannot send it). */
export type DownloadedFile = { blob: Blob; filename: string | null };

const filenameOf = (disposition: string | null): string | null => {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
};

/** A failed call: HTTP status (0 when no response) and the problem document. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: TProblem;

  constructor(status: number, problem: TProblem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }

  get code(): string {
    return this.problem.code;
  }
}

type Dispatch = (action: { type: string; payload?: unknown }) => unknown;
export type ApiClientContext = { getToken: () => string | null; dispatch: Dispatch };

let context: ApiClientContext = { getToken: () => null, dispatch: () => undefined };
let pending = 0;

/** Wires the client to the store once at start (tests wire it to fakes). */
export const configureApiClient = (ctx: ApiClientContext): void => {
  context = ctx;
  pending = 0;
};

const problemOf = (status: number, data: unknown, fallbackTitle: string): TProblem => {
  if (data && typeof data === 'object' && 'code' in data && 'title' in data) return data as TProblem;
  return { type: 'about:blank', title: fallbackTitle, status, code: status === 0 ? 'network_error' : `http_${status}` };
};

/** The body as a blob, read chunk by chunk: `received` is told each chunk's running total. */
const readBlob = async (response: Response, received: (bytes: number) => void): Promise<Blob> => {
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    total += value.byteLength;
    received(total);
  }
  return new Blob(parts, { type: response.headers.get('content-type') ?? '' });
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** The one place that talks HTTP to the API; RTK Query's baseQuery goes through it too. */
export const apiCall = async <T = unknown>(options: ApiCallOptions<T>): Promise<T> => {
  const {
    method = 'GET',
    url,
    body,
    silent = false,
    onSuccess,
    onError,
    signal,
    responseType = 'json',
    onProgress,
    language,
  } = options;
  const token = context.getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  // FormData: the browser sets multipart/form-data with its boundary.
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (language) headers['Accept-Language'] = language;

  const controller = new AbortController();
  const timeOut = () => controller.abort(new DOMException('timeout', 'TimeoutError'));
  let timer = setTimeout(timeOut, REQUEST_TIMEOUT_MS);
  const stillAlive = () => {
    clearTimeout(timer);
    timer = setTimeout(timeOut, REQUEST_TIMEOUT_MS);
  };
  const onAbort = () => controller.abort(signal?.reason);
  if (signal) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', onAbort, { once: true });
  }

  if (!silent && pending++ === 0) context.dispatch(setLoading(true));
  const done = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    if (!silent && --pending === 0) context.dispatch(setLoading(false));
  };

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    done();
    const timedOut = controller.signal.aborted && !signal?.aborted;
    if (error instanceof Error && error.name === 'AbortError' && !timedOut) throw error;
    throw new ApiError(0, {
      type: 'about:blank',
      title: timedOut ? 'Request timed out' : 'Network error',
      status: 0,
      code: timedOut ? 'timeout' : 'network_error',
    });
  }

  let data: unknown;
  try {
    data =
      responseType === 'blob' && response.ok
        ? ({
            blob: onProgress
              ? await readBlob(response, (bytes) => {
                  stillAlive();
                  onProgress(bytes);
                })
              : await response.blob(),
            filename: filenameOf(response.headers.get('content-disposition')),
          } satisfies DownloadedFile)
        : await readBody(response);
  } catch (error) {
    done();
    throw error;
  }
  done();

  if (response.ok) {
    if (response.status === 200) onSuccess?.(data as T);
    return data as T;
  }
  if (response.status === 404) onError?.(data);
  if (response.status === 401 && token && url !== SIGN_IN_URL) context.dispatch(disconnect());
  const problem = problemOf(response.status, data, response.statusText || 'Request failed');
  // An account the web refuses (its App_Type) is signed out like a 401, onto the blocked screen.
  if (response.status === 403 && problem.code === 'app_type_forbidden') context.dispatch(block());
  throw new ApiError(response.status, problem);
};
