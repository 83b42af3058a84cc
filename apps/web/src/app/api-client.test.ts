import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { apiCall, ApiError, configureApiClient, REQUEST_TIMEOUT_MS } from './api-client';
import { baseApi } from './base-api';

type Action = { type: string; payload?: unknown };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const problem = (status: number, code: string) => ({ type: 'about:blank', title: code, status, code });

let actions: Action[];
let token: string | null;
const fetchMock = vi.fn<typeof fetch>();

const loadingFlags = () => actions.filter((a) => a.type === 'root/setLoading').map((a) => a.payload);
const disconnects = () => actions.filter((a) => a.type === 'authentification/disconnect').length;
const blocks = () => actions.filter((a) => a.type === 'authentification/block').length;
const lastRequest = () => {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
};

beforeEach(() => {
  actions = [];
  token = null;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient({ getToken: () => token, dispatch: (a) => actions.push(a) });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiCall', () => {
  it('prefixes the base path, sends JSON headers and the bearer token, runs onSuccess on 200', async () => {
    token = 'tok-1';
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const data = await apiCall({ method: 'POST', url: '/things', body: { a: 1 }, onSuccess, onError });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/backend/api/things');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    expect(data).toEqual({ ok: true });
    expect(onSuccess).toHaveBeenCalledWith({ ok: true });
    expect(onError).not.toHaveBeenCalled();
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await apiCall({ url: '/x' });
    expect(lastRequest().headers.has('authorization')).toBe(false);
  });

  it('lets the browser set the multipart boundary for FormData', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await apiCall({ method: 'POST', url: '/upload', body: form });
    const { init, headers } = lastRequest();
    expect(headers.has('content-type')).toBe(false);
    expect(init.body).toBe(form);
  });

  it('raises then clears the loading flag for a non-silent call, never for a silent one', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await apiCall({ url: '/a' });
    expect(loadingFlags()).toEqual([true, false]);
    actions = [];
    await apiCall({ url: '/b', silent: true });
    expect(loadingFlags()).toEqual([]);
  });

  it('keeps the flag up until the last of concurrent calls ends', async () => {
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    fetchMock.mockResolvedValueOnce(json(200, {}));
    const slow = apiCall({ url: '/slow' });
    await apiCall({ url: '/fast' });
    expect(loadingFlags()).toEqual([true]);
    release(json(200, {}));
    await slow;
    expect(loadingFlags()).toEqual([true, false]);
  });

  it('on 404 runs onError with the response data, clears loading and re-throws', async () => {
    fetchMock.mockImplementation(async () => json(404, problem(404, 'not_found')));
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const error = await apiCall({ url: '/missing', onSuccess, onError }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).problem.code).toBe('not_found');
    expect(onError).toHaveBeenCalledWith(problem(404, 'not_found'));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(loadingFlags()).toEqual([true, false]);
  });

  it('on other failures does not run onError, clears loading and re-throws', async () => {
    fetchMock.mockImplementation(async () =>
      json(400, { ...problem(400, 'validation'), errors: [{ field: 'name', message: 'required' }] }),
    );
    const onError = vi.fn();
    const error = (await apiCall({ url: '/bad', onError }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.problem.errors).toEqual([{ field: 'name', message: 'required' }]);
    expect(onError).not.toHaveBeenCalled();
    expect(loadingFlags()).toEqual([true, false]);
  });

  it('runs onSuccess only on HTTP 200', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    const onSuccess = vi.fn();
    await apiCall({ url: '/empty', onSuccess });
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await apiCall({ url: '/down' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
    expect(loadingFlags()).toEqual([true, false]);
  });

  it('aborts after 30 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiCall({ url: '/slow' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(loadingFlags()).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error.code).toBe('timeout');
    expect(loadingFlags()).toEqual([true, false]);
  });

  it('signs out on a 401 of an authenticated call, but not on sign-in or without a token', async () => {
    fetchMock.mockImplementation(async () => json(401, problem(401, 'unauthorized')));
    token = 'revoked';
    await apiCall({ url: '/auth/me' }).catch(() => undefined);
    expect(disconnects()).toBe(1);
    await apiCall({ method: 'POST', url: '/auth/sign-in', body: {} }).catch(() => undefined);
    expect(disconnects()).toBe(1);
    token = null;
    await apiCall({ url: '/auth/me' }).catch(() => undefined);
    expect(disconnects()).toBe(1);
  });

  it('signs out onto the blocked screen on a 403 app_type_forbidden, not on another 403', async () => {
    token = 'mobile';
    fetchMock.mockImplementation(async () => json(403, problem(403, 'forbidden')));
    await apiCall({ url: '/articles' }).catch(() => undefined);
    expect(blocks()).toBe(0);
    fetchMock.mockImplementation(async () => json(403, problem(403, 'app_type_forbidden')));
    await expect(apiCall({ url: '/articles' })).rejects.toMatchObject({ status: 403 });
    expect(blocks()).toBe(1);
  });
});

describe('RTK Query baseQuery', () => {
  const testApi = baseApi.injectEndpoints({
    endpoints: (build) => ({
      probe: build.query<{ value: number }, void>({ query: () => '/probe' }),
    }),
  });
  const makeStore = () =>
    configureStore({
      reducer: { [baseApi.reducerPath]: baseApi.reducer },
      middleware: (d) => d().concat(baseApi.middleware),
    });

  it('goes through the same client (base path, bearer, loading flag)', async () => {
    token = 'tok-2';
    fetchMock.mockImplementation(async () => json(200, { value: 3 }));
    const result = await makeStore().dispatch(testApi.endpoints.probe.initiate());
    expect(result.data).toEqual({ value: 3 });
    expect(lastRequest().url).toBe('/backend/api/probe');
    expect(lastRequest().headers.get('authorization')).toBe('Bearer tok-2');
    expect(loadingFlags()).toEqual([true, false]);
  });

  it('returns status and problem as the query error', async () => {
    fetchMock.mockImplementation(async () => json(409, problem(409, 'email_taken')));
    const result = await makeStore().dispatch(testApi.endpoints.probe.initiate());
    expect(result.error).toEqual({ status: 409, problem: problem(409, 'email_taken') });
  });
});

describe('a download with progress', () => {
  it('tells the bytes received chunk by chunk and gives the whole file', async () => {
    const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    fetchMock.mockResolvedValue(
      new Response(body, {
        status: 200,
        headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="all.zip"' },
      }),
    );
    const seen: number[] = [];
    const file = await apiCall<{ blob: Blob; filename: string | null }>({
      url: '/tenant/export',
      responseType: 'blob',
      onProgress: (bytes) => seen.push(bytes),
    });
    expect(seen).toEqual([3, 5]);
    expect(file.filename).toBe('all.zip');
    expect([...new Uint8Array(await file.blob.arrayBuffer())]).toEqual([1, 2, 3, 4, 5]);
  });
});
